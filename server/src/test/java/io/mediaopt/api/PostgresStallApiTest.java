package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.StallingProxy;
import io.mediaopt.TestPostgres;
import io.mediaopt.TestService;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job database accepts connections but stops answering, as a hung server or a network
 * partition does (no connection is refused, none is closed): requests that need it are answered
 * 503 within seconds, not held, and the job in flight waits for the database and ends done.
 */
@Integration
class PostgresStallApiTest {
    private static final Duration STALL = Duration.ofSeconds(6);

    @Test
    void whileTheDatabaseStallsRequestsGet503UnavailableFastAndTheJobInFlightEndsDone() throws Exception {
        try (TestPostgres postgres = TestPostgres.start()) {
            stallDatabase(postgres.newDatabase("stall_requests"));
        }
    }

    /** Runs the service on the database at {@code direct}, reached through a proxy made to stall mid-run. */
    private static void stallDatabase(String direct) throws Exception {
        int port = URI.create(direct.substring("jdbc:".length())).getPort();
        try (StallingProxy proxy = StallingProxy.start(port);
             TestService service = TestService.start(Map.of("SERVICE_WORKERS", "1", "SERVICE_DATABASE_URL",
                     direct.replace(":" + port + "/", ":" + proxy.port() + "/")));
             MediaoptClient client = service.client()) {
            String done = client.submitJob(Fixtures.png(), "web").jobId();
            assertThat(client.waitForJob(done, Duration.ofMinutes(1)).status()).isEqualTo(JobStatus.DONE);
            String inFlight = client.submitJob(Fixtures.mp4WithAudio(), "web").jobId();
            Eventually.until(Duration.ofSeconds(30), "the video in flight",
                    () -> client.getJob(inFlight).status() != JobStatus.PENDING);
            proxy.stall();
            long stalledAt = System.nanoTime();
            try {
                byte[] png = Files.readAllBytes(Fixtures.png());
                for (HttpRequest request : new HttpRequest[]{
                        Raw.request(service.baseUrl(), "/media/jobs/" + done).GET().build(),
                        Raw.request(service.baseUrl(), "/media/jobs/" + done + "/download").GET().build(),
                        RawMultipart.post(service.baseUrl(), "/media/jobs", List.of(
                                RawMultipart.Part.file("media", "image.png", png),
                                RawMultipart.Part.text("preset", "web"))).build(),
                        RawMultipart.post(service.baseUrl(), "/media/optimize", List.of(
                                RawMultipart.Part.file("media", "image.png", png))).build()}) {
                    HttpResponse<String> answer = Raw.answeredSoon(request);
                    assertThat(answer.statusCode()).as(request.uri().getPath()).isEqualTo(503);
                    assertThat(answer.body()).as(request.uri().getPath()).contains("\"code\":\"unavailable\"");
                    assertThat(answer.headers().firstValue("Retry-After")).as(request.uri().getPath()).isPresent();
                }
                Eventually.until(Duration.ofSeconds(10), "health 503 during the stall", () -> Raw.answeredSoon(
                        Raw.request(service.baseUrl(), "/health").GET().build()).statusCode() == 503);
                assertThat(client.health().checks().get("database").path("status").asText()).isEqualTo("failed");
                assertThat(Raw.answeredSoon(Raw.request(service.baseUrl(), "/media/presets").GET().build())
                        .statusCode()).isEqualTo(200);
                // long enough for the encode to end, and to meet the stall when it is recorded
                Thread.sleep(Math.max(0, STALL.toMillis() - Duration.ofNanos(System.nanoTime() - stalledAt).toMillis()));
            } finally {
                proxy.pass();
            }
            Eventually.until(Duration.ofSeconds(20), "health 200 once the database is back",
                    () -> client.health().httpStatus() == 200);
            assertThat(client.waitForJob(inFlight, Duration.ofMinutes(2)).status()).isEqualTo(JobStatus.DONE);
            assertThat(client.getJob(done).status()).isEqualTo(JobStatus.DONE);
        }
    }
}
