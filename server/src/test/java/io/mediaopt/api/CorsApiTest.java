package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CORS as docs/api.md (CORS) says, with keys on: pages of the origins SERVICE_CORS_ORIGINS names
 * read every answer, errors included, and their preflights pass without a key; any other origin
 * is answered as if CORS were off.
 */
@Integration
class CorsApiTest {
    private static final String KEY = "page-key";
    private static final String SHOP = "https://shop.example.com";
    private static final String DEV = "http://127.0.0.1:5173";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_API_KEYS", KEY,
            "SERVICE_CORS_ORIGINS", SHOP + ", *.example.org," + DEV, "SERVICE_WORKERS", "1",
            "SERVICE_MAX_INPUT_BYTES", "4000000"));

    @Test
    void anAllowedOriginReadsTheAnswerAndTheHeadersItNeeds() throws Exception {
        HttpResponse<String> usage = Raw.send(get("/usage", SHOP).header("x-api-key", KEY).build());

        assertThat(usage.statusCode()).isEqualTo(200);
        assertThat(usage.headers().firstValue("Access-Control-Allow-Origin")).hasValue(SHOP);
        assertThat(usage.headers().firstValue("Access-Control-Allow-Credentials")).isEmpty();
        assertThat(exposed(usage.headers())).contains("x-service-total-jobs", "x-service-total-bytes-saved",
                "x-request-id", "location", "upload-offset", "upload-length", "upload-expires", "upload-metadata",
                "tus-resumable", "tus-version", "tus-extension", "tus-max-size", "tus-checksum-algorithm",
                "x-service-job-id", "retry-after", "content-range", "content-disposition", "content-length", "etag",
                "last-modified", "accept-ranges");
        assertThat(varies(usage.headers())).contains("origin");

        HttpResponse<String> dev = Raw.send(get("/health", DEV).build());
        assertThat(dev.headers().firstValue("Access-Control-Allow-Origin")).hasValue(DEV);
    }

    @Test
    void aWildcardLetsEverySubdomainInButNotTheDomainAnotherSchemeOrPort() throws Exception {
        for (String origin : List.of("https://a.example.org", "https://b.c.example.org", "HTTPS://A.Example.org",
                "https://a.example.org:443")) {
            assertThat(allowedOriginFor(origin)).as(origin).hasValue(origin);
        }
        for (String origin : List.of("https://example.org", "http://a.example.org", "https://a.example.org:8443",
                "https://evilexample.org", "https://a.example.org.evil.com", "https://shop.example.com.evil.com",
                "http://shop.example.com", "http://127.0.0.1:5174", "http://localhost:5173", "null",
                "https://a.example.org/path")) {
            assertThat(allowedOriginFor(origin)).as(origin).isEmpty();
        }
    }

    @Test
    void anotherOriginGetsNoCorsHeadersAndTheSameAnswerOtherwise() throws Exception {
        for (String path : List.of("/health", "/usage", "/media/jobs/none")) {
            HttpResponse<String> plain = Raw.send(get(path, null).header("x-request-id", "same").build());
            HttpResponse<String> other = Raw.send(get(path, "https://evil.example.net").header("x-request-id", "same")
                    .build());

            assertThat(other.statusCode()).as(path).isEqualTo(plain.statusCode());
            assertThat(other.body()).as(path).isEqualTo(plain.body());
            assertThat(names(other.headers())).as(path).noneMatch(n -> n.startsWith("access-control-"))
                    .isEqualTo(names(plain.headers()));
            // the answer would differ for an allowed origin: a shared cache must keep them apart
            assertThat(varies(other.headers())).as(path).contains("origin");
        }
    }

    @Test
    void errorsCarryTheHeadersSoThePageCanReadTheirCode() throws Exception {
        HttpResponse<String> noKey = Raw.send(get("/usage", SHOP).build());
        assertReadableError(noKey, 401, "unauthorized");
        assertReadableError(Raw.send(get("/media/jobs/none", SHOP).header("x-api-key", KEY).build()), 404, "not-found");
        // a path no route takes: Javalin's own 404
        assertReadableError(Raw.send(get("/no/such/route", SHOP).header("x-api-key", KEY).build()), 404, "not-found");
        HttpResponse<String> tooLarge = Raw.send(tus("/uploads", SHOP).header("Upload-Length", "5000000")
                .POST(BodyPublishers.noBody()).build());
        assertReadableError(tooLarge, 413, "too-large");
    }

    @Test
    void aBusyServersRefusalIsReadableWithItsRetryAfter() throws Exception {
        try (TestService busy = TestService.start(Map.of("SERVICE_CORS_ORIGINS", SHOP, "SERVICE_WORKERS", "1",
                "SERVICE_QUEUE_TIMEOUT_MS", "50"));
             ExecutorService pool = Executors.newFixedThreadPool(3)) {
            List<Part> form = List.of(Part.file("media", "clip.mp4", Files.readAllBytes(Fixtures.mp4WithAudio())),
                    Part.text("preset", "low-bandwidth"));
            List<Future<HttpResponse<String>>> sent = IntStream.range(0, 3).mapToObj(i -> pool.submit(() -> Raw.send(
                    RawMultipart.post(busy.baseUrl(), "/media/optimize", form).header("Origin", SHOP).build())))
                    .toList();
            List<HttpResponse<String>> refused = new ArrayList<>();
            for (Future<HttpResponse<String>> answer : sent) {
                if (answer.get().statusCode() == 503) refused.add(answer.get());
            }

            assertThat(refused).isNotEmpty().allSatisfy(r -> assertReadableError(r, 503, "busy"));
            assertThat(refused.getFirst().headers().firstValue("Retry-After")).isPresent();
        }
    }

    @Test
    void aTusPatchIsPreflightedWithoutAKeyAndTusKeepsItsOwnOptionsAnswer() throws Exception {
        String upload = ResumableUploadsApiTest.create(server, KEY, 3, Map.of("filename", "p.jpg"));
        HttpResponse<String> preflight = Raw.send(HttpRequest.newBuilder(URI.create(upload))
                .header("Origin", SHOP).header("Access-Control-Request-Method", "PATCH")
                .header("Access-Control-Request-Headers", "content-type,tus-resumable,upload-offset,upload-checksum")
                .method("OPTIONS", BodyPublishers.noBody()).build());
        assertPreflightPasses(preflight, SHOP, "PATCH", "content-type", "tus-resumable", "upload-offset",
                "upload-checksum");

        HttpResponse<String> creation = Raw.send(preflight("/uploads", "https://a.example.org", "POST",
                "tus-resumable,upload-length,upload-metadata,x-api-key"));
        assertPreflightPasses(creation, "https://a.example.org", "POST", "upload-length", "upload-metadata",
                "x-api-key");

        HttpResponse<String> tusOptions = Raw.send(Raw.request(server.baseUrl(), "/uploads").header("x-api-key", KEY)
                .method("OPTIONS", BodyPublishers.noBody()).build());
        assertThat(tusOptions.statusCode()).isEqualTo(204);
        assertThat(tusOptions.headers().firstValue("Tus-Version")).hasValue("1.0.0");
        assertThat(tusOptions.headers().firstValue("Tus-Extension").orElseThrow()).contains("creation");
        assertThat(names(tusOptions.headers())).noneMatch(n -> n.startsWith("access-control-"));
    }

    @Test
    void aJobSubmissionIsPreflightedWithoutAKeyAndRefusedWithoutOneReadably() throws Exception {
        HttpResponse<String> preflight = Raw.send(preflight("/media/jobs", SHOP, "POST", "x-api-key"));
        assertPreflightPasses(preflight, SHOP, "POST", "x-api-key");

        List<Part> form = List.of(Part.file("media", "photo.jpg", Files.readAllBytes(Fixtures.photoJpeg(320, 240))));
        HttpResponse<String> noKey = Raw.send(RawMultipart.post(server.baseUrl(), "/media/jobs", form)
                .header("Origin", SHOP).build());
        assertReadableError(noKey, 401, "unauthorized");

        HttpResponse<String> submitted = Raw.send(RawMultipart.post(server.baseUrl(), "/media/jobs", form)
                .header("Origin", SHOP).header("x-api-key", KEY).build());
        assertThat(submitted.statusCode()).isEqualTo(202);
        assertThat(submitted.headers().firstValue("Access-Control-Allow-Origin")).hasValue(SHOP);
    }

    @Test
    void aPreflightOfAnotherOriginIsNotAnsweredAsOne() throws Exception {
        HttpResponse<String> refused = Raw.send(preflight("/media/jobs", "https://evil.example.net", "POST",
                "x-api-key"));

        // it goes where any OPTIONS without a key goes: the key check
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(names(refused.headers())).noneMatch(n -> n.startsWith("access-control-"));
    }

    @Test
    void theDownloadAndTheNegotiatedPictureVaryByOriginTooAndEveryServiceHeaderIsExposed() throws Exception {
        JsonNode job = RenditionsApiTest.submitAndWait(server, KEY, "photo.jpg", Fixtures.photoJpeg(800, 600), "web",
                "responsive", null);
        String id = job.path("jobId").asText();

        HttpResponse<String> picture = Raw.send(get("/media/jobs/" + id + "/picture?w=400", SHOP)
                .header("x-api-key", KEY).header("Accept", "image/webp,*/*").build());
        assertThat(picture.statusCode()).isEqualTo(200);
        assertThat(picture.headers().firstValue("Access-Control-Allow-Origin")).hasValue(SHOP);
        assertThat(varies(picture.headers())).contains("origin", "accept");

        HttpResponse<String> download = Raw.send(get("/media/jobs/" + id + "/download", SHOP)
                .header("x-api-key", KEY).build());
        assertThat(download.statusCode()).isEqualTo(200);
        assertThat(download.headers().firstValue("Access-Control-Allow-Origin")).hasValue(SHOP);

        // a synchronous answer with every option asked carries the most x-service-* headers
        HttpResponse<String> optimized = Raw.send(RawMultipart.post(server.baseUrl(), "/media/optimize", List.of(
                        Part.file("media", "photo.jpg", Files.readAllBytes(Fixtures.photoJpeg(320, 240))),
                        Part.text("quality", "70"), Part.text("format", "webp"), Part.text("width", "200")))
                .header("Origin", SHOP).header("x-api-key", KEY).build());
        assertThat(optimized.statusCode()).isEqualTo(200);
        Set<String> serviceHeaders = new TreeSet<>(names(optimized.headers()));
        serviceHeaders.removeIf(n -> !n.startsWith("x-service-") && !n.startsWith("x-request-"));
        assertThat(serviceHeaders).contains("x-service-requested-quality", "x-service-requested-width");
        assertThat(exposed(optimized.headers())).containsAll(serviceHeaders);
    }

    private static void assertReadableError(HttpResponse<String> response, int status, String code) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).hasValue(SHOP);
        assertThat(varies(response.headers())).contains("origin");
        assertThat(exposed(response.headers())).contains("x-request-id", "retry-after");
        if (!response.body().isEmpty()) {
            assertThat(RenditionsApiTest.JSON.readTree(response.body()).path("code").asText()).isEqualTo(code);
        }
    }

    private static void assertPreflightPasses(HttpResponse<String> preflight, String origin, String method,
                                              String... headers) {
        assertThat(preflight.statusCode()).isEqualTo(204);
        HttpHeaders h = preflight.headers();
        assertThat(h.firstValue("Access-Control-Allow-Origin")).hasValue(origin);
        assertThat(list(h, "Access-Control-Allow-Methods")).contains(method.toLowerCase(Locale.ROOT));
        assertThat(list(h, "Access-Control-Allow-Headers")).contains(headers);
        assertThat(Long.parseLong(h.firstValue("Access-Control-Max-Age").orElseThrow())).isPositive();
        assertThat(h.firstValue("Access-Control-Allow-Credentials")).isEmpty();
        // nothing a key would be needed for is told
        assertThat(names(h)).noneMatch(n -> n.startsWith("x-service-"));
    }

    private static Optional<String> allowedOriginFor(String origin) throws Exception {
        return Raw.send(get("/health", origin).build()).headers().firstValue("Access-Control-Allow-Origin");
    }

    private static HttpRequest.Builder get(String path, String origin) {
        HttpRequest.Builder request = Raw.request(server.baseUrl(), path);
        return origin == null ? request : request.header("Origin", origin);
    }

    private static HttpRequest.Builder tus(String path, String origin) {
        return get(path, origin).header("x-api-key", KEY).header("Tus-Resumable", "1.0.0");
    }

    private static HttpRequest preflight(String path, String origin, String method, String headers) {
        return get(path, origin).header("Access-Control-Request-Method", method)
                .header("Access-Control-Request-Headers", headers).method("OPTIONS", BodyPublishers.noBody()).build();
    }

    private static Set<String> exposed(HttpHeaders headers) {
        return new TreeSet<>(list(headers, "Access-Control-Expose-Headers"));
    }

    private static List<String> varies(HttpHeaders headers) {
        return list(headers, "Vary");
    }

    /** Every comma-separated value of every line of the header, in lower case. */
    private static List<String> list(HttpHeaders headers, String name) {
        return headers.allValues(name).stream().flatMap(v -> Arrays.stream(v.split(",")))
                .map(v -> v.strip().toLowerCase(Locale.ROOT)).toList();
    }

    private static Set<String> names(HttpHeaders headers) {
        Set<String> names = new TreeSet<>(headers.map().keySet().stream().map(n -> n.toLowerCase(Locale.ROOT)).toList());
        names.remove("date");
        return names;
    }
}
