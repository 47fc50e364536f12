package io.mediaopt;

import io.mediaopt.client.MediaoptClient;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A mediaopt server in a process of its own, as a node of a deployment is. */
public final class ServerProcess implements AutoCloseable {
    private final Process process;
    private final int port;
    private final Path log;

    private ServerProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Starts a node on a free port, with its files (store, log) in {@code dir}. */
    public static ServerProcess start(Path dir, Map<String, String> env) throws IOException {
        return start(dir, env, freePort());
    }

    /** Starts a node on the given port: the same port and directory make a restart of a node. */
    public static ServerProcess start(Path dir, Map<String, String> env, int port) throws IOException {
        Files.createDirectories(dir);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED",
                "-Dlogback.configurationFile=logback.xml", "-cp", System.getProperty("java.class.path"),
                "io.mediaopt.Main");
        Map<String, String> all = new HashMap<>(env);
        all.putIfAbsent("SERVICE_OUTPUT_DIR", dir.resolve("store").toString());
        all.put("PORT", Integer.toString(port));
        all.put("SERVICE_HOST", "127.0.0.1");
        pb.environment().putAll(all);
        Path log = dir.resolve("server.log");
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        return new ServerProcess(pb.start(), port, log);
    }

    public int port() {
        return port;
    }

    public Process process() {
        return process;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port + "/api";
    }

    public MediaoptClient client() {
        return MediaoptClient.create(baseUrl());
    }

    /** Waits until the node answers its health check. */
    public ServerProcess awaitHealthy() throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        try (MediaoptClient client = client()) {
            while (Instant.now().isBefore(deadline)) {
                if (!process.isAlive()) throw new AssertionError("node exited: " + log());
                try {
                    if (client.health().ok()) return this;
                } catch (RuntimeException starting) {
                    // not listening yet
                }
                Thread.sleep(200);
            }
        }
        throw new AssertionError("node did not start: " + log());
    }

    /** kill -9: no shutdown hook, no hand-back. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    public String log() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(40, TimeUnit.SECONDS)) kill();
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
