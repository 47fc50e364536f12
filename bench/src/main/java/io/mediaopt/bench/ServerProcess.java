package io.mediaopt.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The service under test: the server jar started as a process of its own on a free loopback port,
 * with a fresh output directory, so its CPU time and memory can be read from /proc apart from
 * the bench's. Its log goes to a file; the bench reads the ffmpeg command lines from it.
 */
final class ServerProcess implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private final Process process;
    private final int port;
    private final Path log;

    private ServerProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts the jar with {@code jvmOptions} and waits until /api/health answers 200. Ffmpeg
     * commands are logged at debug level so the bench can rerun exactly what the service ran.
     */
    static ServerProcess start(Path java, Path jar, List<String> jvmOptions, Path dir) {
        return start(List.of(), java, jar, jvmOptions, dir);
    }

    /**
     * {@link #start(Path, Path, List, Path)} through a launcher that execs the JVM in its own
     * process, e.g. {@code taskset -c 1}, so the process started is still the server's.
     */
    static ServerProcess start(List<String> launcher, Path java, Path jar, List<String> jvmOptions, Path dir) {
        return start(launcher, java, jar, jvmOptions, dir, Map.of());
    }

    /** {@link #start(List, Path, Path, List, Path)} with {@code env} added to the server's environment. */
    static ServerProcess start(List<String> launcher, Path java, Path jar, List<String> jvmOptions, Path dir,
                               Map<String, String> env) {
        try {
            Files.createDirectories(dir);
            Path logConfig = dir.resolve("logback.xml");
            Files.writeString(logConfig, LOG_CONFIG);
            Path log = dir.resolve("server.log");
            int port = freePort();
            List<String> command = new ArrayList<>(launcher);
            command.addAll(List.of(java.toString(), "--enable-native-access=ALL-UNNAMED"));
            command.addAll(jvmOptions);
            command.addAll(List.of("-Dlogback.configurationFile=" + logConfig, "-jar", jar.toString()));
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            builder.environment().put("PORT", Integer.toString(port));
            builder.environment().put("SERVICE_HOST", "127.0.0.1");
            builder.environment().put("SERVICE_OUTPUT_DIR", dir.resolve("store").toString());
            builder.environment().remove("SERVICE_API_KEYS");
            builder.environment().putAll(env);
            ServerProcess server = new ServerProcess(builder.start(), port, log);
            server.awaitHealthy();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the server", e);
        }
    }

    long pid() {
        return process.pid();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port + "/api";
    }

    Path log() {
        return log;
    }

    /** The log's lines so far. */
    List<String> logLines() {
        try {
            return Files.readAllLines(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void awaitHealthy() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpRequest health = HttpRequest.newBuilder(URI.create(baseUrl() + "/health"))
                    .timeout(Duration.ofSeconds(10)).build();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) throw new IllegalStateException("the server exited at start:\n" + tail());
                try {
                    if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) return;
                } catch (IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        close();
        throw new IllegalStateException("the server did not become healthy within " + START_TIMEOUT.toSeconds()
                + " s:\n" + tail());
    }

    private String tail() {
        List<String> lines = logLines();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    /** Stops it the way an operator would (SIGTERM), which also ends its encoders. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static final String LOG_CONFIG = """
            <configuration>
              <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
                <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{0} - %msg%n</pattern></encoder>
              </appender>
              <logger name="org.eclipse.jetty" level="WARN"/>
              <logger name="io.javalin" level="WARN"/>
              <logger name="com.zaxxer.hikari" level="WARN"/>
              <logger name="org.flywaydb" level="WARN"/>
              <logger name="io.mediaopt.video" level="DEBUG"/>
              <root level="INFO"><appender-ref ref="STDOUT"/></root>
            </configuration>
            """;
}
