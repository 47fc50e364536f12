package io.mediaopt;

import io.mediaopt.client.MediaoptClient;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.security.SecureRandom;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A mediaopt server in a process of its own, as a node of a deployment is. */
public final class ServerProcess implements AutoCloseable {
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();
    private static final int PORTS_PER_FORK = 1000;
    /** Surefire numbers its forks from 1; a run outside Surefire takes block 0. */
    private static final int FORK_PORTS = 20_000
            + PORTS_PER_FORK * (Integer.getInteger("test.fork", 0) % 12);
    /** Where in the block to start: a random place, so two builds on one machine rarely meet. */
    private static final AtomicInteger NEXT_PORT = new AtomicInteger(new SecureRandom().nextInt(PORTS_PER_FORK));

    private final Process process;
    private final int port;
    private final Path log;
    private final Path errors;

    private ServerProcess(Process process, int port, Path log, Path errors) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.errors = errors;
    }

    /** Starts a node on a free port, with its files (store, log) in {@code dir}. */
    public static ServerProcess start(Path dir, Map<String, String> env) throws IOException {
        return start(dir, env, freePort());
    }

    /** Starts a node on the given port: the same port and directory make a restart of a node. */
    public static ServerProcess start(Path dir, Map<String, String> env, int port) throws IOException {
        Files.createDirectories(dir);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // C1 only and the serial collector: a node of a test lives for seconds and its work is
        // native (libvips, ffmpeg), so C2 and the parallel collector's threads only took CPU from
        // the other tests, 40% of what a node spends until it listens
        ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED",
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Dlogback.configurationFile=logback.xml", "-cp", System.getProperty("java.class.path"),
                "io.mediaopt.Main");
        Map<String, String> all = new HashMap<>(env);
        all.putIfAbsent("SERVICE_OUTPUT_DIR", dir.resolve("store").toString());
        all.put("PORT", Integer.toString(port));
        all.put("SERVICE_HOST", "127.0.0.1");
        pb.environment().putAll(all);
        // the service's log lines go to stdout; native libraries write their warnings to stderr
        Path log = dir.resolve("server.log");
        Path errors = dir.resolve("server.err");
        pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectError(ProcessBuilder.Redirect.appendTo(errors.toFile()));
        return new ServerProcess(pb.start(), port, log, errors);
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
        try (MediaoptClient client = client()) {
            boolean healthy = Eventually.await(Duration.ofSeconds(120), () -> {
                if (!process.isAlive()) throw new AssertionError("node exited: " + log());
                try {
                    return client.health().ok();
                } catch (RuntimeException starting) {
                    return false; // not listening yet
                }
            }, ok -> ok);
            if (healthy) return this;
        }
        throw new AssertionError("node did not start: " + log());
    }

    /** kill -9: no shutdown hook, no hand-back. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** What the node wrote, its standard output then its standard error. */
    public String log() throws IOException {
        return stdout() + (Files.exists(errors) ? Files.readString(errors) : "");
    }

    public String stdout() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(40, TimeUnit.SECONDS)) kill();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A port nothing listens on, never one handed out before in this JVM: a node binds its port
     * a second or more after it was chosen, and the kernel may give the same free port to the
     * next node meanwhile, whose health check would then be answered by the other one. The port
     * is below the kernel's ephemeral range (32768 and up on Linux), so no outgoing connection,
     * nor a server bound to port 0, takes it meanwhile or while a killed node restarts on it; each
     * test JVM of the build draws from a block of its own, so forks running at once never meet.
     */
    public static int freePort() throws IOException {
        for (int tries = 0; tries < PORTS_PER_FORK; tries++) {
            int port = FORK_PORTS + Math.floorMod(NEXT_PORT.getAndIncrement(), PORTS_PER_FORK);
            if (HANDED_OUT.add(port) && nothingListensOn(port)) return port;
        }
        throw new IOException("no free port left in " + FORK_PORTS + "+" + PORTS_PER_FORK);
    }

    private static boolean nothingListensOn(int port) throws IOException {
        try (ServerSocket socket = new ServerSocket(port, 50, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort() == port;
        } catch (BindException taken) {
            return false;
        }
    }
}
