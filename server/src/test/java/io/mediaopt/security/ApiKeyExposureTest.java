package io.mediaopt.security;

import io.mediaopt.Config;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * With keys set, nothing but GET /api/health and GET /api/openapi.json answers without one: no other method, no unknown
 * or disguised path. The keys never reach a log line, an error message or Config's toString.
 */
@Integration
class ApiKeyExposureTest {
    private static final String KEY = "k3y-alpha-5b8f0c2e91d4";
    private static final String OTHER_KEY = "k3y-bravo-77aa13ce0f6b";
    private static final String WRONG_KEY = "k3y-wrong-00e4d1b2a9f3";
    private static final List<String> SECRETS = List.of(KEY, OTHER_KEY, WRONG_KEY);

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_API_KEYS", KEY + "," + OTHER_KEY,
                "SERVICE_VIDEO_TIMEOUT_MS", "300"));

    @Test
    void withoutAKeyOnlyHealthAndTheApiDocumentAnswerWhateverTheMethod() throws Exception {
        for (String method : List.of("GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH", "TRACE")) {
            for (String path : List.of("/usage", "/media/presets", "/media/limits", "/media/jobs", "/media/optimize",
                    "/media/jobs/some-id", "/media/jobs/some-id/download", "/nothing/here", "/", "")) {
                assertThat(status(method, path, null)).as(method + " " + path).isEqualTo(401);
            }
        }
        assertThat(status("GET", "/health", null)).isEqualTo(200);
        assertThat(status("HEAD", "/health", null)).isEqualTo(200);
        assertThat(status("GET", "/openapi.json", null)).isEqualTo(200);
        assertThat(status("HEAD", "/openapi.json", null)).isEqualTo(200);
    }

    @Test
    void disguisedPathsDoNotPassForHealth() throws Exception {
        for (String path : List.of("/health/../usage", "/health/%2e%2e/usage", "/health%2F..%2Fusage",
                "/usage;/api/health", "/usage;jsessionid=1", "//usage", "/./usage", "/%75sage", "/USAGE", "/health/",
                "/usage?path=/api/health", "/usage#/api/health", "/health;/../usage",
                "/openapi.json/../usage", "/openapi.json%2F..%2Fusage", "/usage;/api/openapi.json", "/openapi.json;/../usage")) {
            String answer = RawRequests.exchange(server, "GET", "/api" + path);
            assertThat(answer).as(path).doesNotStartWith("HTTP/1.1 200").doesNotContain("totalJobs");
        }
        // the request-target forms no client library sends for these
        assertThat(RawRequests.exchange(server, "GET", "http://127.0.0.1/api/usage")).startsWith("HTTP/1.1 401");
        assertThat(RawRequests.exchange(server, "OPTIONS", "*")).doesNotStartWith("HTTP/1.1 2");
    }

    @Test
    void aKeyCountsOnlyInItsHeadersAndOnlyWhenExact() throws Exception {
        assertThat(status("GET", "/usage?api_key=" + KEY, null)).isEqualTo(401);
        assertThat(status("GET", "/usage", Map.of("x-api-key", KEY.toUpperCase(Locale.ROOT)))).isEqualTo(401);
        assertThat(status("GET", "/usage", Map.of("x-api-key", KEY + "x"))).isEqualTo(401);
        assertThat(status("GET", "/usage", Map.of("x-api-key", KEY.substring(1)))).isEqualTo(401);
        assertThat(status("GET", "/usage", Map.of("Authorization", "Basic " + KEY))).isEqualTo(401);
        assertThat(status("GET", "/usage", Map.of("Authorization", "Bearer " + WRONG_KEY))).isEqualTo(401);
        assertThat(status("GET", "/usage", Map.of("Authorization", "Bearer " + OTHER_KEY))).isEqualTo(200);
        assertThat(status("GET", "/usage", Map.of("x-api-key", KEY))).isEqualTo(200);
    }

    @Test
    void keysNeverReachTheLogs() throws Exception {
        List<String> lines = CapturedLogs.during(ApiKeyExposureTest::makeRequestsThatLog);
        assertThat(lines).as("something was logged").isNotEmpty();
        for (String line : lines) {
            for (String secret : SECRETS) assertThat(line).doesNotContain(secret);
        }
    }

    @Test
    void configNeitherPrintsNorEchoesKeys() {
        Config config = Config.fromEnvironment(Map.of("SERVICE_API_KEYS", KEY + "," + OTHER_KEY,
                "SERVICE_DATABASE_URL", "jdbc:postgresql://db/media?user=svc&password=" + WRONG_KEY));
        for (String secret : SECRETS) assertThat(config.toString()).doesNotContain(secret);
        assertThat(config.toString()).contains("2 keys");
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_API_KEYS", KEY, "PORT", "not-a-port")))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain(KEY));
    }

    /** Successes, refusals and failures, each with a key in one header or the other. */
    private static void makeRequestsThatLog() throws Exception {
        byte[] photo = Files.readAllBytes(Fixtures.photoJpeg(320, 240));
        byte[] video = Files.readAllBytes(Fixtures.mp4WithAudio());
        for (String key : SECRETS) {
            for (Map<String, String> headers : List.of(Map.of("x-api-key", key), Map.of("Authorization", "Bearer " + key))) {
                status("GET", "/usage", headers);
                status("GET", "/nothing/here", headers);
                status("GET", "/media/jobs/unknown-id", headers);
                post("/media/optimize", headers, List.of(Part.file("media", "a.jpg", photo)));
                post("/media/optimize", headers, List.of(Part.file("media", "broken.jpg", Arrays.copyOf(photo, 500))));
                post("/media/optimize", headers, List.of(Part.file("media", "slow.mp4", video)));
                post("/media/jobs", headers, List.of(Part.file("media", "a.txt", "text".getBytes(StandardCharsets.UTF_8))));
                post("/media/jobs", headers, List.of(Part.text("preset", "web")));
            }
        }
        server.client().waitForJob(server.client().submitJob("clip.mp4", video, "web").jobId(), Duration.ofMinutes(1));
    }

    private static int status(String method, String path, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUrl() + path))
                .timeout(Duration.ofMinutes(1))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (headers != null) headers.forEach(request::header);
        return RawRequests.send(request.build()).statusCode();
    }

    private static void post(String path, Map<String, String> headers, List<Part> parts) throws Exception {
        // asks before sending, as the client does: a refused body over what the server drains is not sent
        HttpRequest.Builder request = RawMultipart.post(server.baseUrl(), path, parts).timeout(Duration.ofMinutes(1))
                .expectContinue(true);
        headers.forEach(request::header);
        HttpResponse<byte[]> response = RawRequests.send(request.build());
        assertThat(response.statusCode()).isNotEqualTo(500);
    }
}
