package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.S3TestServer;
import io.mediaopt.TestService;
import io.mediaopt.client.Health;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.JobSubmission;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Object storage that goes away: the service stays up, says so, and fails work it cannot store. */
class S3OutageApiTest {

    @Test
    void aStoreThatStopsAnsweringDegradesHealthAndFailsJobsWithStorageFailed() throws Exception {
        try (S3TestServer s3 = S3TestServer.start()) {
            Map<String, String> env = new HashMap<>(s3.env());
            env.put("SERVICE_WORKERS", "1");
            try (TestService service = TestService.start(env); MediaoptClient client = service.client()) {
                assertThat(client.health().httpStatus()).isEqualTo(200);
                JobSubmission submitted = client.submitJob(Fixtures.mp4WithAudio(), "web");
                // Mostly while the video encodes, so storing the output fails; should the input
                // not have been read back yet, that fails with the same code.
                awaitProcessing(client, submitted.jobId());
                s3.stop();

                Job job = client.waitForJob(submitted.jobId(), Duration.ofMinutes(3));
                assertThat(job.status()).isEqualTo(JobStatus.FAILED);
                assertThat(job.error().code()).isEqualTo("storage-failed");
                assertThat(job.downloadUrl()).isNull();

                long started = System.nanoTime();
                Health health = client.health();
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
                assertThat(health.httpStatus()).isEqualTo(503);
                assertThat(health.status()).isEqualTo("degraded");
                assertThat(health.checks().get("storage").path("status").asText()).isEqualTo("failed");
                assertThat(health.checks().get("storage").path("error").asText())
                        .isEqualTo("object storage cannot be reached");
                assertThat(health.checks().get("database").path("status").asText()).isEqualTo("ok");

                assertThatThrownBy(() -> client.optimize(Fixtures.png(), "web"))
                        .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                            assertThat(e.status()).isEqualTo(503);
                            assertThat(e.code()).isEqualTo("storage-failed");
                        });
                assertThatThrownBy(() -> client.submitJob(Fixtures.png(), "web"))
                        .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                            assertThat(e.status()).isEqualTo(503);
                            assertThat(e.code()).isEqualTo("storage-failed");
                        });
                assertThat(client.getUsage().totalJobs()).isZero();
            }
        }
    }

    private static void awaitProcessing(MediaoptClient client, String id) throws Exception {
        Eventually.await(Duration.ofSeconds(30), () -> client.getJob(id).status(), s -> s != JobStatus.PENDING);
        // a little way into the encoding
        Thread.sleep(200);
    }
}
