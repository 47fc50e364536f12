package io.mediaopt.metrics;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.TestService;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.Optimization;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** GET /metrics of a real server after real image and video traffic, read as Prometheus text. */
@Integration
class MetricsApiTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void countsRequestsOptimizationsBytesAndEncodesOfRealTraffic() throws Exception {
        try (TestService service = TestService.start(); MediaoptClient client = service.client()) {
            byte[] photo = Files.readAllBytes(Fixtures.photoJpeg(1600, 1200));
            Optimization image = client.optimize("photo.jpg", photo, "web");
            Job video = client.waitForJob(client.submitJob(Fixtures.mp4WithAudio(), "web").jobId(), Duration.ofMinutes(5));
            assertThat(video.status()).isEqualTo(JobStatus.DONE);
            assertThatThrownBy(() -> client.optimize("broken.jpg", Fixtures.truncatedJpeg(), "web"))
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> assertThat(e.code()).isEqualTo("unreadable-media"));
            assertThatThrownBy(() -> client.optimize("photo.jpg", photo, "no-such-preset"))
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> assertThat(e.status()).isEqualTo(400));
            assertThat(get(service, "/api/nothing/here/" + System.nanoTime(), null).statusCode()).isEqualTo(404);

            HttpResponse<String> scrape = get(service, "/metrics", null);
            assertThat(scrape.statusCode()).isEqualTo(200);
            assertThat(scrape.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain; version=0.0.4");
            PrometheusText metrics = PrometheusText.parse(scrape.body());

            String requests = "http_server_requests_seconds_count";
            assertThat(metrics.value(requests, Map.of("method", "POST", "route", "/api/media/optimize", "status", "200")))
                    .contains(1.0);
            assertThat(metrics.value(requests, Map.of("method", "POST", "route", "/api/media/optimize", "status", "422")))
                    .contains(1.0);
            assertThat(metrics.value(requests, Map.of("method", "POST", "route", "/api/media/optimize", "status", "400")))
                    .contains(1.0);
            assertThat(metrics.value(requests, Map.of("method", "POST", "route", "/api/media/jobs", "status", "202")))
                    .contains(1.0);
            assertThat(metrics.sum(requests, Map.of("route", "/api/media/jobs/{id}", "status", "200"))).isGreaterThanOrEqualTo(1);
            assertThat(metrics.value(requests, Map.of("method", "GET", "route", "unmatched", "status", "404"))).contains(1.0);
            assertThat(metrics.has("http_server_requests_seconds_bucket")).isTrue();

            String optimizations = "mediaopt_optimizations_total";
            assertThat(metrics.value(optimizations, Map.of("kind", "image", "preset", "web", "strategy",
                    image.result().strategy(), "outcome", "ok"))).contains(1.0);
            assertThat(metrics.value(optimizations, Map.of("kind", "video", "preset", "web", "strategy",
                    video.result().strategy(), "outcome", "ok"))).contains(1.0);
            assertThat(metrics.value(optimizations, Map.of("kind", "image", "preset", "web", "strategy", "none",
                    "outcome", "unreadable-media"))).contains(1.0);

            Map<String, String> webImages = Map.of("kind", "image", "preset", "web");
            assertThat(metrics.value("mediaopt_input_bytes_total", webImages)).contains((double) photo.length);
            assertThat(metrics.value("mediaopt_output_bytes_total", webImages)).contains((double) image.result().outputBytes());
            assertThat(metrics.value("mediaopt_saved_bytes_total", webImages)).contains((double) image.result().savedBytes());
            Map<String, String> webVideos = Map.of("kind", "video", "preset", "web");
            assertThat(metrics.value("mediaopt_input_bytes_total", webVideos))
                    .contains((double) Files.size(Fixtures.mp4WithAudio()));
            assertThat(metrics.value("mediaopt_output_bytes_total", webVideos)).contains((double) video.result().outputBytes());

            assertThat(metrics.value("mediaopt_encode_seconds_count", Map.of("kind", "image"))).contains(1.0);
            assertThat(metrics.value("mediaopt_encode_seconds_count", Map.of("kind", "video"))).contains(1.0);
            assertThat(metrics.value("mediaopt_encode_seconds_sum", Map.of("kind", "video")).orElseThrow()).isPositive();
            assertThat(metrics.value("mediaopt_job_attempts_total", Map.of("mode", "sync"))).contains(2.0);
            assertThat(metrics.value("mediaopt_job_attempts_total", Map.of("mode", "queued"))).contains(1.0);
            assertThat(metrics.value("mediaopt_job_failures_total", Map.of("code", "unreadable-media"))).contains(1.0);

            assertThat(metrics.value("mediaopt_jobs_pending", Map.of())).contains(0.0);
            assertThat(metrics.value("mediaopt_workers_busy", Map.of())).contains(0.0);
            assertThat(metrics.value("mediaopt_workers", Map.of())).contains(2.0);
            assertThat(metrics.sum("jvm_memory_used_bytes", Map.of("area", "heap"))).isPositive();
            assertThat(metrics.value("process_memory_rss_bytes", Map.of()).orElseThrow()).isGreaterThan(10_000_000);
        }
    }

    @Test
    void countsBusyAnswersAndTheQueueDepth() throws Exception {
        // an API node encodes nothing itself, so its queue only fills
        try (TestService service = TestService.start(Map.of("SERVICE_ROLE", "api", "SERVICE_MAX_PENDING_JOBS", "1"));
             MediaoptClient client = service.client()) {
            byte[] png = Files.readAllBytes(Fixtures.png());
            client.submitJob("one.png", png, "web");
            assertThatThrownBy(() -> client.submitJob("two.png", png, "web"))
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> assertThat(e.code()).isEqualTo("busy"));

            PrometheusText metrics = PrometheusText.parse(get(service, "/metrics", null).body());
            assertThat(metrics.value("mediaopt_busy_answers_total", Map.of("route", "/api/media/jobs"))).contains(1.0);
            assertThat(metrics.value("mediaopt_jobs_pending", Map.of())).contains(1.0);
            assertThat(metrics.value("http_server_requests_seconds_count",
                    Map.of("method", "POST", "route", "/api/media/jobs", "status", "503"))).contains(1.0);
        }
    }

    @Test
    void withKeysTheMetricsNeedOneUnlessMadePublic() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_API_KEYS", "metrics-key-1"))) {
            assertThat(get(service, "/metrics", null).statusCode()).isEqualTo(401);
            assertThat(get(service, "/metrics", "metrics-key-1").statusCode()).isEqualTo(200);
        }
        try (TestService service = TestService.start(Map.of("SERVICE_API_KEYS", "metrics-key-1",
                "SERVICE_METRICS_PUBLIC", "true"))) {
            assertThat(get(service, "/metrics", null).statusCode()).isEqualTo(200);
            assertThat(get(service, "/api/usage", null).statusCode()).isEqualTo(401);
            assertThat(get(service, "/metrics/", null).statusCode()).isEqualTo(401);
        }
    }

    @Test
    void switchedOffThereIsNoMetricsRoute() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_METRICS", "off"))) {
            assertThat(get(service, "/metrics", null).statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aWorkerNodeServesItsMetricsToo() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_ROLE", "worker"))) {
            PrometheusText metrics = PrometheusText.parse(get(service, "/metrics", null).body());
            assertThat(metrics.value("mediaopt_workers", Map.of())).contains(2.0);
        }
    }

    private static HttpResponse<String> get(TestService service, String path, String key) throws Exception {
        String origin = service.baseUrl().substring(0, service.baseUrl().length() - "/api".length());
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(origin + path));
        if (key != null) request.header("x-api-key", key);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
