package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.ServerProcess;
import io.mediaopt.WebhookReceiver;
import io.mediaopt.client.CallbackDelivery;
import io.mediaopt.client.CallbackState;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job accepted with 202 survives a kill -9 or a stop of the server and finishes after the
 * restart; so does the call announcing its end.
 */
@ProcessLevel
class RestartRecoveryTest {
    static final String WEBHOOK_SECRET = "whsec_bWVkaWFvcHQtdGVzdC1rZXktMDEyMzQ1Njc4OWFiY2RlZg==";
    static final Map<String, String> WEBHOOKS = Map.of(
            "SERVICE_WEBHOOK_SECRET", WEBHOOK_SECRET,
            "SERVICE_WEBHOOK_ALLOW_HTTP", "true",
            "SERVICE_WEBHOOK_ALLOW_PRIVATE", "true",
            "SERVICE_WEBHOOK_RETRY_BASE_MS", "200");
    @TempDir
    Path dir;
    ServerProcess server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) server.kill();
    }

    private ServerProcess start(int port, Map<String, String> env) throws Exception {
        Map<String, String> all = new HashMap<>(env);
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

    @Test
    void aJobKilledOnItsLastAttemptFailsAsInterruptedLeavingNeitherInputNorEncoder() throws Exception {
        int port = ServerProcess.freePort();
        // straight to the one long encode, which ffmpeg goes on with after the server is gone
        Map<String, String> oneAttempt = Map.of("SERVICE_JOB_MAX_ATTEMPTS", "1", "SERVICE_VIDEO_QUALITY", "fixed");
        start(port, oneAttempt);
        String id;
        try (MediaoptClient client = server.client()) {
            // long enough that its encoders outlive the restart unless the new server stops them
            id = client.submitJob(Fixtures.minuteLongMp4(), "low-bandwidth").jobId();
            awaitStatus(client, id, JobStatus.PROCESSING);
        }
        Path input = dir.resolve("store/inputs/" + id);
        assertThat(input).exists();
        // "processing" comes before the probe ends and the encoder starts
        List<ProcessHandle> encoders = Eventually.await(Duration.ofSeconds(30),
                () -> server.process().descendants().filter(p -> p.info().command().orElse("").endsWith("ffmpeg")).toList(),
                running -> !running.isEmpty());
        assertThat(encoders).as("ffmpeg running").isNotEmpty();

        server.kill();
        try {
            start(port, oneAttempt);
            assertThat(Eventually.await(Duration.ofSeconds(10),
                    () -> encoders.stream().filter(ProcessHandle::isAlive).toList(), List::isEmpty))
                    .as("the killed server's encoders, stopped by the new one").isEmpty();
        } finally {
            encoders.forEach(ProcessHandle::destroyForcibly);
        }

        try (MediaoptClient client = server.client()) {
            Job job = client.getJob(id);
            assertThat(job.status()).isEqualTo(JobStatus.FAILED);
            assertThat(job.error().code()).isEqualTo("interrupted");
        }
        assertThat(input).as("nothing will read it again").doesNotExist();
    }

    private static void awaitStatus(MediaoptClient client, String id, JobStatus status) throws Exception {
        Eventually.until(Duration.ofSeconds(60), "job " + id + " reached " + status,
                () -> client.getJob(id).status() == status);
    }

    @Test
    void aReceiverDownUntilAfterAKilledServerRestartsGetsTheEventOnce() throws Exception {
        int port = ServerProcess.freePort();
        int receiverPort = ServerProcess.freePort();
        URI callback = URI.create("http://127.0.0.1:" + receiverPort + "/after-restart");
        start(port, WEBHOOKS);
        String id;
        try (MediaoptClient client = server.client()) {
            id = client.submitJob(Fixtures.png(), "web", callback).jobId();
            assertThat(client.waitForJob(id, Duration.ofSeconds(60)).status()).isEqualTo(JobStatus.DONE);
            awaitFailedAttempt(client, id);
        }

        server.kill();
        try (WebhookReceiver receiver = WebhookReceiver.on(receiverPort)) {
            start(port, WEBHOOKS);
            List<WebhookReceiver.Call> calls = receiver.awaitCount(1, Duration.ofSeconds(60));
            assertThat(calls.getFirst().eventId()).isEqualTo(id + ".done");
            assertThat(calls.getFirst().signedWith(WEBHOOK_SECRET)).isTrue();
            assertThat(calls.getFirst().job().status()).isEqualTo(JobStatus.DONE);
            try (MediaoptClient client = server.client()) {
                CallbackDelivery delivery = awaitDelivered(client, id);
                assertThat(delivery.attempts()).isGreaterThanOrEqualTo(2);
            }
            Thread.sleep(500);
            assertThat(receiver.calls()).as("sent once after the restart").hasSize(1);
        }
    }

    private static void awaitFailedAttempt(MediaoptClient client, String id) throws Exception {
        Eventually.until(Duration.ofSeconds(60), "a first attempt failed", () -> {
            CallbackDelivery callback = client.getJob(id).callback();
            return callback.attempts() >= 1 && callback.lastError() != null;
        });
    }

    private static CallbackDelivery awaitDelivered(MediaoptClient client, String id) throws Exception {
        CallbackDelivery delivery = Eventually.await(Duration.ofSeconds(60), () -> client.getJob(id).callback(),
                callback -> callback.state() == CallbackState.DELIVERED);
        assertThat(delivery.state()).as("delivered").isEqualTo(CallbackState.DELIVERED);
        return delivery;
    }
}
