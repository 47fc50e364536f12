package io.mediaopt.api;

import io.mediaopt.Fixtures;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A job accepted with 202 survives a kill -9 of the server and finishes after the restart. */
class RestartRecoveryTest {
    @TempDir
    Path store;
    Process server;

    @AfterEach
    void stop() {
        if (server != null) server.destroyForcibly();
    }

    @Test
    void acceptedJobsFinishAfterTheServerIsKilledAndRestarted() throws Exception {
        int port = freePort();
        server = startServer(port);
        List<String> ids = new ArrayList<>();
        try (MediaoptClient client = MediaoptClient.create("http://127.0.0.1:" + port + "/api")) {
            awaitHealthy(client);
            ids.add(client.submitJob(Fixtures.mp4WithAudio(), "low-bandwidth").jobId());
            for (int i = 0; i < 3; i++) ids.add(client.submitJob(Fixtures.png(), "web").jobId());
            awaitStatus(client, ids.getFirst(), JobStatus.PROCESSING);
        }

        server.destroyForcibly().waitFor();
        server = startServer(port);

        try (MediaoptClient client = MediaoptClient.create("http://127.0.0.1:" + port + "/api")) {
            awaitHealthy(client);
            for (String id : ids) {
                Job job = client.waitForJob(id, Duration.ofMinutes(3));
                assertThat(job.status()).as(id).isEqualTo(JobStatus.DONE);
                Path out = Files.createTempFile("restart", ".bin");
                assertThat(client.download(id, out).bytes()).isEqualTo(job.result().outputBytes());
            }
            assertThat(client.getUsage().totalJobs()).isBetween(3L, 4L);
        }
    }

    @Test
    void aStoppedServerHandsItsJobBackAndLeavesNoEncoderRunning() throws Exception {
        int port = freePort();
        server = startServer(port, Map.of("SERVICE_SHUTDOWN_GRACE_MS", "300"));
        String id;
        try (MediaoptClient client = MediaoptClient.create("http://127.0.0.1:" + port + "/api")) {
            awaitHealthy(client);
            id = client.submitJob(Fixtures.mp4WithAudio(), "low-bandwidth").jobId();
            awaitStatus(client, id, JobStatus.PROCESSING);
        }
        List<ProcessHandle> encoders = server.descendants().toList();
        assertThat(encoders).as("ffmpeg running").isNotEmpty();

        server.destroy(); // SIGTERM
        assertThat(server.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).as("stopped in time").isTrue();
        assertThat(encoders).noneMatch(ProcessHandle::isAlive);
        assertThat(log()).contains("job " + id + " handed back to the queue");

        server = startServer(port, Map.of());
        try (MediaoptClient client = MediaoptClient.create("http://127.0.0.1:" + port + "/api")) {
            awaitHealthy(client);
            assertThat(client.waitForJob(id, Duration.ofMinutes(3)).status()).isEqualTo(JobStatus.DONE);
        }
    }

    private Process startServer(int port) throws IOException {
        return startServer(port, Map.of());
    }

    private Process startServer(int port, Map<String, String> extraEnv) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // the server's own logging configuration, not the quiet one of the tests
        ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED",
                "-Dlogback.configurationFile=logback.xml", "-cp", System.getProperty("java.class.path"), "io.mediaopt.Main");
        pb.environment().putAll(Map.of(
                "PORT", Integer.toString(port),
                "SERVICE_HOST", "127.0.0.1",
                "SERVICE_OUTPUT_DIR", store.toString(),
                "SERVICE_WORKERS", "1"));
        pb.environment().putAll(extraEnv);
        pb.redirectErrorStream(true).redirectOutput(store.resolve("server.log").toFile());
        if (Files.exists(store.resolve("server.log"))) {
            pb.redirectOutput(ProcessBuilder.Redirect.appendTo(store.resolve("server.log").toFile()));
        }
        return pb.start();
    }

    private void awaitHealthy(MediaoptClient client) throws Exception {
        Instant deadline = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(deadline)) {
            assertThat(server.isAlive()).as("server log: %s", log()).isTrue();
            try {
                if (client.health().ok()) return;
            } catch (RuntimeException notYetListening) {
                // starting
            }
            Thread.sleep(200);
        }
        throw new AssertionError("server did not start: " + log());
    }

    private static void awaitStatus(MediaoptClient client, String id, JobStatus status) throws Exception {
        Instant deadline = Instant.now().plusSeconds(60);
        while (client.getJob(id).status() != status) {
            if (Instant.now().isAfter(deadline)) throw new AssertionError("job " + id + " never reached " + status);
            Thread.sleep(20);
        }
    }

    private String log() throws IOException {
        Path log = store.resolve("server.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
