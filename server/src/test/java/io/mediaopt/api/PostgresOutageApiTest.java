package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.TestPostgres;
import io.mediaopt.TestService;
import io.mediaopt.client.Health;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.JobSubmission;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The job database stops, as a crashed or restarting PostgreSQL does: requests that need it are
 * answered 503 at once and say so, health names it, the rest of the API goes on, and work
 * resumes when it is back.
 */
@Integration
class PostgresOutageApiTest {
    private static final Duration FAST = Duration.ofSeconds(2);
    private static final Duration OUTAGE = Duration.ofSeconds(6);
    private static TestPostgres postgres;

    @BeforeAll
    static void startPostgres() throws Exception {
        assumeTrue(TestPostgres.canStop(), "only the machine's PostgreSQL, run as root, can be stopped");
        postgres = TestPostgres.start();
    }

    @AfterAll
    static void stopPostgres() {
        if (postgres != null) postgres.close();
    }

    @Test
    void whileTheDatabaseIsDownRequestsGet503UnavailableFastAndHealthNamesIt() throws Exception {
        try (TestService service = onNewDatabase("outage_requests"); MediaoptClient client = service.client()) {
            String done = doneJob(client);
            postgres.stop();
            try {
                for (HttpRequest request : new HttpRequest[]{
                        Raw.request(service.baseUrl(), "/media/jobs/" + done).GET().build(),
                        Raw.request(service.baseUrl(), "/media/jobs/" + done + "/download").GET().build()}) {
                    HttpResponse<String> answer = timed(request);
                    assertThat(answer.statusCode()).isEqualTo(503);
                    assertThat(answer.body()).contains("\"code\":\"unavailable\"");
                    assertThat(answer.headers().firstValue("Retry-After")).hasValue("5");
                }
                // a synchronous optimization records its job too: it is refused at once, not encoded
                HttpResponse<String> optimize = timed(RawMultipart.post(service.baseUrl(), "/media/optimize", List.of(
                        RawMultipart.Part.file("media", "image.png", Files.readAllBytes(Fixtures.png())))).build());
                assertThat(optimize.statusCode()).isEqualTo(503);
                assertThat(optimize.body()).contains("\"code\":\"unavailable\"");
                assertThat(optimize.headers().firstValue("Retry-After")).hasValue("5");
                HttpResponse<String> health = timed(Raw.request(service.baseUrl(), "/health").GET().build());
                assertThat(health.statusCode()).isEqualTo(503);
                Health report = client.health();
                assertThat(report.checks().get("database").path("status").asText()).isEqualTo("failed");
                assertThat(report.checks().get("storage").path("status").asText()).isEqualTo("ok");
                for (String path : new String[]{"/media/presets", "/media/limits", "/openapi.json"}) {
                    assertThat(timed(Raw.request(service.baseUrl(), path).GET().build()).statusCode())
                            .as(path).isEqualTo(200);
                }
                assertThat(Raw.send(Raw.request(service.baseUrl().replace("/api", ""), "/").GET().build())
                        .statusCode()).isEqualTo(200);
            } finally {
                postgres.restart();
            }
            Eventually.until(Duration.ofSeconds(20), "health 200 once the database is back",
                    () -> client.health().httpStatus() == 200);
            assertThat(client.getJob(done).status()).isEqualTo(JobStatus.DONE);
            JobSubmission after = client.submitJob(Fixtures.png(), "web");
            assertThat(client.waitForJob(after.jobId(), Duration.ofMinutes(1)).status()).isEqualTo(JobStatus.DONE);
        }
    }

    @Test
    void aSubmissionWhileTheDatabaseIsDownIsRefusedWith503AndLeavesNoInput() throws Exception {
        try (TestService service = onNewDatabase("outage_submit"); MediaoptClient client = service.client()) {
            doneJob(client);
            // the worker deletes the done job's input just after the job is reported done
            Eventually.until(Duration.ofSeconds(10), "the done job's input deleted",
                    () -> isEmptyDirectory(service.outputDir().resolve("inputs")));
            postgres.stop();
            try {
                HttpResponse<String> answer = timed(RawMultipart.post(service.baseUrl(), "/media/jobs", List.of(
                        RawMultipart.Part.file("media", "image.png", Files.readAllBytes(Fixtures.png())),
                        RawMultipart.Part.text("preset", "web"))).build());
                assertThat(answer.statusCode()).isEqualTo(503);
                assertThat(answer.body()).contains("\"code\":\"unavailable\"");
                assertThat(answer.headers().firstValue("Retry-After")).isPresent();
            } finally {
                postgres.restart();
            }
            assertThat(service.outputDir().resolve("inputs")).isEmptyDirectory();
        }
    }

    @Test
    void jobsInFlightWhenTheDatabaseStopsAreDoneOnceItIsBack() throws Exception {
        try (TestService service = onNewDatabase("outage_jobs"); MediaoptClient client = service.client()) {
            doneJob(client);
            List<String> ids = new ArrayList<>(List.of(client.submitJob(Fixtures.mp4WithAudio(), "web").jobId()));
            for (int i = 0; i < 3; i++) ids.add(client.submitJob(Fixtures.png(), "web").jobId());
            Eventually.until(Duration.ofSeconds(30), "the video in flight",
                    () -> client.getJob(ids.getFirst()).status() != JobStatus.PENDING);
            postgres.stop();
            try {
                // long enough for the encode to end, and to be recorded, while the database is away
                Thread.sleep(OUTAGE.toMillis());
            } finally {
                postgres.restart();
            }
            Eventually.until(Duration.ofSeconds(20), "health 200 once the database is back",
                    () -> client.health().httpStatus() == 200);
            for (String id : ids) {
                assertThat(client.waitForJob(id, Duration.ofMinutes(2)).status()).as(id).isEqualTo(JobStatus.DONE);
            }
            assertThat(service.outputDir().resolve("inputs")).isEmptyDirectory();
        }
    }

    private static TestService onNewDatabase(String name) throws Exception {
        return TestService.start(Map.of("SERVICE_DATABASE_URL", postgres.newDatabase(name), "SERVICE_WORKERS", "1"));
    }

    private static boolean isEmptyDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return true;
        try (Stream<Path> files = Files.list(dir)) {
            return files.findAny().isEmpty();
        }
    }

    /** A job run to its end while everything is up (which also warms the server up). */
    private static String doneJob(MediaoptClient client) throws Exception {
        String id = client.submitJob(Fixtures.png(), "web").jobId();
        assertThat(client.waitForJob(id, Duration.ofMinutes(1)).status()).isEqualTo(JobStatus.DONE);
        return id;
    }

    /** Sends the request, which must be answered within {@link #FAST}. */
    static HttpResponse<String> timed(HttpRequest request) throws Exception {
        long started = System.nanoTime();
        HttpResponse<String> answer = Raw.send(request);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as(request.uri().getPath()).isLessThan(FAST);
        return answer;
    }
}
