package io.mediaopt.api;

import io.mediaopt.Fixtures;
import io.mediaopt.ServerProcess;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A job accepted with 202 survives a kill -9 or a stop of the server and finishes after the restart. */
class RestartRecoveryTest {
    @TempDir
    Path dir;
    ServerProcess server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) server.kill();
    }

    private ServerProcess start(int port, Map<String, String> env) throws Exception {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("SERVICE_WORKERS", "1");
        server = ServerProcess.start(dir, all, port);
        return server.awaitHealthy();
    }

    @Test
    void acceptedJobsFinishAfterTheServerIsKilledAndRestarted() throws Exception {
        int port = ServerProcess.freePort();
        start(port, Map.of());
        List<String> ids = new ArrayList<>();
        try (MediaoptClient client = server.client()) {
            ids.add(client.submitJob(Fixtures.mp4WithAudio(), "low-bandwidth").jobId());
            for (int i = 0; i < 3; i++) ids.add(client.submitJob(Fixtures.png(), "web").jobId());
            awaitStatus(client, ids.getFirst(), JobStatus.PROCESSING);
        }

        server.kill();
        start(port, Map.of());

        try (MediaoptClient client = server.client()) {
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
        int port = ServerProcess.freePort();
        start(port, Map.of("SERVICE_SHUTDOWN_GRACE_MS", "300"));
        String id;
        try (MediaoptClient client = server.client()) {
            id = client.submitJob(Fixtures.mp4WithAudio(), "low-bandwidth").jobId();
            awaitStatus(client, id, JobStatus.PROCESSING);
        }
        List<ProcessHandle> encoders = server.process().descendants().toList();
        assertThat(encoders).as("ffmpeg running").isNotEmpty();

        server.process().destroy(); // SIGTERM
        assertThat(server.process().waitFor(30, TimeUnit.SECONDS)).as("stopped in time").isTrue();
        assertThat(encoders).noneMatch(ProcessHandle::isAlive);
        assertThat(server.log()).contains("job " + id + " handed back to the queue");

        start(port, Map.of());
        try (MediaoptClient client = server.client()) {
            assertThat(client.waitForJob(id, Duration.ofMinutes(3)).status()).isEqualTo(JobStatus.DONE);
        }
    }

    private static void awaitStatus(MediaoptClient client, String id, JobStatus status) throws Exception {
        Instant deadline = Instant.now().plusSeconds(60);
        while (client.getJob(id).status() != status) {
            if (Instant.now().isAfter(deadline)) throw new AssertionError("job " + id + " never reached " + status);
            Thread.sleep(20);
        }
    }
}
