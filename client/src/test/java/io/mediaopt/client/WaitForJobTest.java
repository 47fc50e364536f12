package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaopt.client.StubApiServer.Canned;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WaitForJobTest {
    static final Canned PENDING = Canned.json(200, "{\"jobId\":\"j-1\",\"status\":\"pending\",\"createdAt\":1}");
    static final Canned PROCESSING = Canned.json(200, "{\"jobId\":\"j-1\",\"status\":\"processing\",\"createdAt\":1}");

    StubApiServer server;
    MediaoptClient client;

    @BeforeEach
    void start() throws IOException {
        server = StubApiServer.start();
        client = MediaoptClient.builder(server.baseUrl()).apiKey("k").build();
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void pollsUntilTheJobIsDone() {
        server.on("GET", "/api/media/jobs/j-1", PENDING, PROCESSING, PROCESSING, Canned.json(200, JobsTest.DONE_JOB));

        Job job = client.waitForJob("j-1", Duration.ofSeconds(10));

        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        assertThat(job.result().outputBytes()).isEqualTo(400);
        assertThat(server.requests()).hasSize(4)
                .allSatisfy(request -> assertThat(request.header("x-api-key")).isEqualTo("k"));
    }

    @Test
    void waitsOutAnOutageTheServiceAsksToBeWaitedOut() {
        Canned outage = Canned.error(503, "unavailable", "The job database does not answer").withHeader("Retry-After", "1");
        server.on("GET", "/api/media/jobs/j-1", PROCESSING, outage, outage, Canned.json(200, JobsTest.DONE_JOB));

        long start = System.nanoTime();
        Job job = client.waitForJob("j-1", Duration.ofSeconds(30));

        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        assertThat(server.requests()).hasSize(4);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("each Retry-After honoured")
                .isGreaterThanOrEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void aRefusalWithoutRetryAfterIsThrownAtOnce() {
        server.on("GET", "/api/media/jobs/j-1", PROCESSING, Canned.error(503, "unavailable", "down"),
                Canned.json(200, JobsTest.DONE_JOB));

        assertThatThrownBy(() -> client.waitForJob("j-1", Duration.ofSeconds(30)))
                .isInstanceOfSatisfying(MediaoptApiException.class, e -> assertThat(e.status()).isEqualTo(503));
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void anOutageThatOutlastsTheTimeoutIsThrown() {
        Canned outage = Canned.error(503, "storage-failed", "Object storage cannot be reached")
                .withHeader("Retry-After", "1");
        server.on("GET", "/api/media/jobs/j-1", outage, outage, outage, outage, outage);

        assertThatThrownBy(() -> client.waitForJob("j-1", Duration.ofMillis(1500)))
                .isInstanceOfSatisfying(MediaoptApiException.class,
                        e -> assertThat(e.code()).isEqualTo("storage-failed"));
    }

    @Test
    void returnsAFailedJobRatherThanThrowing() {
        server.on("GET", "/api/media/jobs/j-1", PROCESSING, Canned.json(200, """
                {"jobId":"j-1","status":"failed","error":{"message":"Encoding ran too long","code":"timeout"}}
                """));

        Job job = client.waitForJob("j-1");

        assertThat(job.status()).isEqualTo(JobStatus.FAILED);
        assertThat(job.error().code()).isEqualTo("timeout");
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void returnsAtOnceWhenTheJobIsAlreadyFinished() {
        server.on("GET", "/api/media/jobs/j-1", Canned.json(200, JobsTest.DONE_JOB));

        assertThat(client.waitForJob("j-1", Duration.ZERO).status()).isEqualTo(JobStatus.DONE);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void givesUpWhenTheTimeoutElapsesAndSaysWhereTheJobWas() {
        server.on("GET", "/api/media/jobs/j-1", PROCESSING);
        long started = System.nanoTime();

        assertThatThrownBy(() -> client.waitForJob("j-1", Duration.ofMillis(700)))
                .isInstanceOfSatisfying(MediaoptTimeoutException.class, e -> {
                    assertThat(e.lastSeen().status()).isEqualTo(JobStatus.PROCESSING);
                    assertThat(e.timeout()).isEqualTo(Duration.ofMillis(700));
                    assertThat(e.getMessage()).isEqualTo("Job j-1 was still processing after waiting PT0.7S");
                });

        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        assertThat(elapsed).isBetween(Duration.ofMillis(700), Duration.ofSeconds(5));
        // 100, 200, 400 ms between polls: a gentle backoff, not a busy loop (fixed 100 ms would poll 8 times).
        // The lower bound is loose because each poll's own latency on a loaded machine eats into the wait.
        assertThat(server.requests()).hasSizeBetween(2, 6);
    }

    @Test
    void anErrorWhilePollingIsNotSwallowed() {
        server.on("GET", "/api/media/jobs/j-1", PENDING, Canned.error(404, "not-found", "Job j-1 does not exist"));

        assertThatThrownBy(() -> client.waitForJob("j-1", Duration.ofSeconds(10)))
                .isInstanceOfSatisfying(MediaoptApiException.class, e -> assertThat(e.code()).isEqualTo("not-found"));
    }

    @Test
    void anInterruptStopsWaitingAndStaysVisible() {
        server.on("GET", "/api/media/jobs/j-1", PENDING);
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> client.waitForJob("j-1", Duration.ofSeconds(10)))
                    .isInstanceOf(MediaoptInterruptedException.class);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }
}
