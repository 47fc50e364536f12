package io.mediaopt.cluster;

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
final class ServerProcess implements AutoCloseable {
    private final Process process;
    private final int port;
    private final Path log;

    private ServerProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    static ServerProcess start(Path dir, Map<String, String> env) throws IOException {
        int port = freePort();
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
        pb.redirectErrorStream(true).redirectOutput(log.toFile());
        return new ServerProcess(pb.start(), port, log);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port + "/api";
    }

    MediaoptClient client() {
        return MediaoptClient.create(baseUrl());
    }

    /** Waits until the node answers its health check. */
    ServerProcess awaitHealthy() throws Exception {
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
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(40, TimeUnit.SECONDS)) kill();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
