package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Healthy;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.S3TestServer;
import io.mediaopt.StallingProxy;
import io.mediaopt.TestService;
import io.mediaopt.client.Health;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Object storage that goes away: the service stays up and says so, jobs caught by the outage wait
 * for it and end done, and storage that refuses for good still fails them at once.
 */
@Integration
class S3OutageApiTest {

    @Test
    void jobsCaughtByAStoreThatStopsAnsweringAreDoneOnceItIsBack() throws Exception {
        try (S3TestServer s3 = S3TestServer.start();
             TestService service = TestService.start(oneWorker(s3)); MediaoptClient client = service.client()) {
            assertThat(Healthy.report(client).httpStatus()).isEqualTo(200);
            List<String> ids = new ArrayList<>(List.of(client.submitJob(Fixtures.mp4WithAudio(), "web").jobId()));
            for (int i = 0; i < 3; i++) ids.add(client.submitJob(Fixtures.png(), "web").jobId());
            // mostly while the video encodes, so storing its output meets the outage
            awaitProcessing(client, ids.getFirst());
            s3.stop();
            try {
                // once the answer health keeps for a moment is stale
                Eventually.until(Duration.ofSeconds(10), "health 503 during the outage",
                        () -> PostgresOutageApiTest.timed(Raw.request(service.baseUrl(), "/health").GET().build())
                                .statusCode() == 503);
                Health report = client.health();
                assertThat(report.checks().get("storage").path("error").asText())
                        .isEqualTo("object storage cannot be reached");
                assertThat(report.checks().get("database").path("status").asText()).isEqualTo("ok");
                assertStorageFailed503(() -> client.optimize(Fixtures.png(), "web"));
                assertStorageFailed503(() -> client.submitJob(Fixtures.png(), "web"));
                // the outage outlasts the video's attempt, which meets it
                assertThat(Eventually.await(Duration.ofSeconds(60), () -> client.getJob(ids.getFirst()).status(),
                        status -> status == JobStatus.PENDING)).as("the video back in the queue")
                        .isEqualTo(JobStatus.PENDING);
            } finally {
                s3.restart();
            }
            for (String id : ids) {
                Job job = client.waitForJob(id, Duration.ofMinutes(3));
                assertThat(job.status()).as(id).isEqualTo(JobStatus.DONE);
                Eventually.until(Duration.ofSeconds(10), "the input of " + id + " deleted",
                        () -> !s3.holds("inputs/" + id));
            }
            assertThat(client.getUsage().totalJobs()).isEqualTo(ids.size());
            // health keeps its answer briefly: a call that met the outage last may have told it so
            Eventually.until(Duration.ofSeconds(10), "health 200 once storage is back",
                    () -> client.health().httpStatus() == 200);
        }
    }

    @Test
    void whileStorageAcceptsConnectionsButNeverAnswersRequestsGet503FastAndTheJobWaitsForIt() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(); StallingProxy proxy = StallingProxy.start(s3.endpoint().getPort())) {
            Map<String, String> env = oneWorker(s3);
            env.put("SERVICE_OBJECT_ENDPOINT", "http://127.0.0.1:" + proxy.port());
            try (TestService service = TestService.start(env); MediaoptClient client = service.client()) {
                String id = client.submitJob(Fixtures.mp4WithAudio(), "web").jobId();
                awaitProcessing(client, id);
                proxy.stall();
                try {
                    byte[] png = Files.readAllBytes(Fixtures.png());
                    for (String path : new String[]{"/media/jobs", "/media/optimize"}) {
                        HttpResponse<String> answer = Raw.answeredSoon(RawMultipart.post(service.baseUrl(), path, List.of(
                                RawMultipart.Part.file("media", "image.png", png),
                                RawMultipart.Part.text("preset", "web"))).build());
                        assertThat(answer.statusCode()).as(path).isEqualTo(503);
                        assertThat(answer.body()).as(path).contains("\"code\":\"storage-failed\"");
                        assertThat(answer.headers().firstValue("Retry-After")).as(path).isPresent();
                    }
                    Eventually.until(Duration.ofSeconds(10), "health 503 during the stall", () -> Raw.answeredSoon(
                            Raw.request(service.baseUrl(), "/health").GET().build()).statusCode() == 503);
                    assertThat(client.health().checks().get("storage").path("error").asText())
                            .isEqualTo("object storage cannot be reached");
                    // the encode ends, storing its output meets the stall, and the job goes back to the queue
                    assertThat(Eventually.await(Duration.ofSeconds(60), () -> client.getJob(id).status(),
                            status -> status == JobStatus.PENDING)).as("the video back in the queue")
                            .isEqualTo(JobStatus.PENDING);
                } finally {
                    proxy.pass();
                }
                Job job = client.waitForJob(id, Duration.ofMinutes(3));
                assertThat(job.status()).isEqualTo(JobStatus.DONE);
                assertThat(Healthy.report(client).httpStatus()).isEqualTo(200);
            }
        }
    }

    @Test
    void aBucketThatIsGoneFailsTheJobAtOnceWithStorageFailed() throws Exception {
        try (S3TestServer s3 = S3TestServer.start();
             TestService service = TestService.start(oneWorker(s3)); MediaoptClient client = service.client()) {
            String id = client.submitJob(Fixtures.mp4WithAudio(), "web").jobId();
            awaitProcessing(client, id);
            s3.deleteBucket();

            Job job = client.waitForJob(id, Duration.ofMinutes(3));
            assertThat(job.status()).isEqualTo(JobStatus.FAILED);
            assertThat(job.error().code()).isEqualTo("storage-failed");
            assertThat(job.downloadUrl()).isNull();
            Health health = client.health();
            assertThat(health.checks().get("storage").path("error").asText()).isEqualTo("the bucket does not exist");
            assertThatThrownBy(() -> client.optimize(Fixtures.png(), "web"))
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                        assertThat(e.status()).isEqualTo(500);
                        assertThat(e.code()).isEqualTo("storage-failed");
                    });
        }
    }

    @Test
    void theInputOfAJobThatEndedDuringTheOutageIsDeletedOnceStorageIsBack() throws Exception {
        Path slow = Fixtures.highBitrateMp4("slow.mp4", "1920x1080", 20, false);
        try (S3TestServer s3 = S3TestServer.start()) {
            Map<String, String> env = oneWorker(s3);
            // the job ends for a reason of its own (its encode takes too long) while storage is out
            env.put("SERVICE_VIDEO_TIMEOUT_MS", "3000");
            try (TestService service = TestService.start(env); MediaoptClient client = service.client()) {
                String id = client.submitJob(slow, "web").jobId();
                // its input read back whole into the job's work directory: storage goes away before
                // the encode can end, however long the machine took to report the encode's progress
                Path readBack = service.outputDir().resolve("work").resolve(id).resolve("input");
                long size = Files.size(slow);
                Eventually.until(Duration.ofSeconds(60), "the input read back", () -> {
                    try {
                        return Files.size(readBack) == size;
                    } catch (NoSuchFileException notYetOrGone) {
                        return false;
                    }
                });
                s3.stop();
                try {
                    Job job = client.waitForJob(id, Duration.ofMinutes(1));
                    assertThat(job.status()).isEqualTo(JobStatus.FAILED);
                    assertThat(job.error().code()).isEqualTo("timeout");
                    assertThat(s3.holds("inputs/" + id)).as("left while storage is out").isTrue();
                } finally {
                    s3.restart();
                }
                Eventually.until(Duration.ofSeconds(20), "the input deleted once storage is back",
                        () -> !s3.holds("inputs/" + id));
                assertThat(client.getJob(id).status()).isEqualTo(JobStatus.FAILED);
            }
        }
    }

    private static Map<String, String> oneWorker(S3TestServer s3) {
        Map<String, String> env = new HashMap<>(s3.env());
        env.put("SERVICE_WORKERS", "1");
        return env;
    }

    private static void assertStorageFailed503(Runnable call) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(MediaoptApiException.class, e -> {
            assertThat(e.status()).isEqualTo(503);
            assertThat(e.code()).isEqualTo("storage-failed");
        });
    }

    private static void awaitProcessing(MediaoptClient client, String id) throws Exception {
        Eventually.until(Duration.ofSeconds(30), "the job taken",
                () -> client.getJob(id).status() != JobStatus.PENDING);
        // a little way into the encoding
        Thread.sleep(200);
    }
}
