package io.mediaopt.imageurl;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.metrics.PrometheusText;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Image URL hits answered ahead of the routes ({@link StoredHits}) on a running server with keys,
 * CORS and a rate on: the same bytes and headers as the route's answer of the same hit, 304 on
 * its tag, a variant evicted rendered again, one kept in memory never answered stale once stored
 * again or evicted, and the client's bucket still emptied by hits.
 */
@Integration
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StoredHitsApiTest {
    private static final String API_KEY = "secret-key-0123456789";
    private static final String SHOP = "https://shop.example";
    /** Hits a client may make here: the bucket never refills during the test. */
    private static final int BURST = 30;
    /** Headers that differ between any two answers. */
    private static final Set<String> PER_ANSWER = Set.of("date", "x-request-id");
    /** Left out of the comparison with the route's answer, and checked on its own. */
    private static final String VARY = "vary";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            "SERVICE_API_KEYS", "site:" + API_KEY,
            "SERVICE_IMAGE_URL_KEYS", ImageUrlApiTest.KEY + ":" + ImageUrlApiTest.SALT,
            "SERVICE_IMAGE_URL_SOURCES", "127.0.0.1",
            "SERVICE_IMAGE_URL_ALLOW_PRIVATE", "true",
            "SERVICE_IMAGE_URL_RATE", "0.0001:" + BURST,
            "SERVICE_CORS_ORIGINS", SHOP));
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static ImageOrigin origin;

    @BeforeAll
    static void startOrigin() throws Exception {
        origin = new ImageOrigin(Fixtures.photoJpeg(320, 240));
    }

    @AfterAll
    static void stopOrigin() {
        origin.close();
    }

    static HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUrl().replaceFirst("/api$", "") + path));
        if (headers.length > 0) request.headers(headers);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static double counter(String name) throws Exception {
        HttpResponse<byte[]> scrape = get("/metrics", "x-api-key", API_KEY);
        assertThat(scrape.statusCode()).isEqualTo(200);
        return PrometheusText.parse(new String(scrape.body(), StandardCharsets.UTF_8)).value(name, Map.of()).orElse(0.0);
    }

    static double earlyHits() throws Exception {
        return counter("mediaopt_image_url_early_hits_total");
    }

    /** Every header but those that differ between any two answers, by lower-case name. */
    static Map<String, List<String>> comparable(HttpHeaders headers) {
        Map<String, List<String>> kept = new TreeMap<>();
        headers.map().forEach((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!PER_ANSWER.contains(lower) && !VARY.equals(lower)) kept.put(lower, values);
        });
        return kept;
    }

    @Test
    @Order(1)
    void aHitAheadOfTheRoutesIsTheRoutesAnswer() throws Exception {
        String url = ImageUrlApiTest.signed("w:120/q:70", origin.url("/photo.jpg"));
        HttpResponse<byte[]> miss = get(url, "Accept", "image/webp,*/*", "Origin", SHOP);
        assertThat(miss.statusCode()).isEqualTo(200);
        assertThat(miss.headers().firstValue("x-service-cache")).hasValue("miss");
        // a request presenting a key goes to the route while rates are on (its bucket is the key's)
        double before = earlyHits();
        HttpResponse<byte[]> routed = get(url, "Accept", "image/webp,*/*", "Origin", SHOP, "x-api-key", API_KEY);
        assertThat(earlyHits()).isEqualTo(before);
        HttpResponse<byte[]> early = get(url, "Accept", "image/webp,*/*", "Origin", SHOP, "x-request-id", "hit-42");
        assertThat(earlyHits()).isEqualTo(before + 1);

        assertThat(routed.statusCode()).isEqualTo(200);
        assertThat(early.statusCode()).isEqualTo(200);
        assertThat(early.body()).isEqualTo(routed.body()).isEqualTo(miss.body());
        assertThat(comparable(early.headers())).isEqualTo(comparable(routed.headers()));
        assertThat(routed.headers().firstValue("Vary")).hasValue("Accept, Origin");
        assertThat(early.headers().firstValue("x-request-id")).hasValue("hit-42");
        assertThat(early.headers().firstValue("x-service-cache")).hasValue("hit");
        assertThat(early.headers().firstValue("Content-Type")).hasValue("image/webp");
        assertThat(early.headers().firstValue("Content-Length")).hasValue(Integer.toString(early.body().length));
        assertThat(early.headers().firstValue("Vary")).hasValue("Accept, Origin");
        assertThat(early.headers().firstValue("Access-Control-Allow-Origin")).hasValue(SHOP);
        assertThat(early.headers().firstValue("Access-Control-Expose-Headers").orElseThrow())
                .contains("x-service-output-width", "x-request-id", "x-service-format", "x-service-cache");
    }

    @Test
    @Order(2)
    void aTaggedHitIsNotModifiedAndAnotherAcceptIsAnotherVariant() throws Exception {
        String url = ImageUrlApiTest.signed("w:100/f:png", origin.url("/photo.jpg"));
        HttpResponse<byte[]> miss = get(url);
        String etag = miss.headers().firstValue("ETag").orElseThrow();
        double before = earlyHits();

        HttpResponse<byte[]> unchanged = get(url, "If-None-Match", etag, "Origin", SHOP);

        assertThat(unchanged.statusCode()).isEqualTo(304);
        assertThat(unchanged.body()).isEmpty();
        assertThat(unchanged.headers().firstValue("ETag")).hasValue(etag);
        assertThat(unchanged.headers().firstValue("Access-Control-Allow-Origin")).hasValue(SHOP);
        assertThat(unchanged.headers().firstValue("Vary")).hasValue("Origin");
        assertThat(earlyHits()).isEqualTo(before + 1);
        assertThat(get(url, "If-None-Match", "\"other\"").statusCode()).isEqualTo(200);
        assertThat(earlyHits()).isEqualTo(before + 2);
    }

    @Test
    @Order(3)
    void anEvictedVariantIsRenderedAgain() throws Exception {
        String url = ImageUrlApiTest.signed("w:80/f:jpg", origin.url("/photo.jpg"));
        HttpResponse<byte[]> miss = get(url);
        assertThat(miss.statusCode()).isEqualTo(200);
        String etag = miss.headers().firstValue("ETag").orElseThrow();
        Path variant = server.outputDir().resolve(VariantStore.PREFIX + "variants").resolve(etag.replace("\"", ""));
        // as eviction deletes it: its figures first, then its bytes
        Files.delete(variant.resolveSibling(variant.getFileName() + ".json"));
        Files.delete(variant);
        double renders = counter("mediaopt_image_url_renders_total");
        double before = earlyHits();

        HttpResponse<byte[]> again = get(url);

        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.headers().firstValue("x-service-cache")).hasValue("miss");
        assertThat(again.body()).isEqualTo(miss.body());
        assertThat(counter("mediaopt_image_url_renders_total")).isEqualTo(renders + 1);
        assertThat(earlyHits()).isEqualTo(before);
        assertThat(get(url).headers().firstValue("x-service-cache")).hasValue("hit");
        assertThat(earlyHits()).isEqualTo(before + 1);
    }

    @Test
    @Order(4)
    void aVariantKeptInMemoryIsReadAgainOnceStoredAgainAndRenderedAgainOnceEvicted() throws Exception {
        String url = ImageUrlApiTest.signed("w:90/f:png", origin.url("/photo.jpg"));
        HttpResponse<byte[]> miss = get(url);
        assertThat(miss.statusCode()).isEqualTo(200);
        // the first hit reads the file into memory, the second is answered from there
        assertThat(get(url).body()).isEqualTo(miss.body());
        HttpResponse<byte[]> kept = get(url, "Origin", SHOP);
        assertThat(kept.body()).isEqualTo(miss.body());
        assertThat(comparable(kept.headers())).isEqualTo(
                comparable(get(url, "Origin", SHOP, "x-api-key", API_KEY).headers()));
        Path variant = server.outputDir().resolve(VariantStore.PREFIX + "variants")
                .resolve(kept.headers().firstValue("ETag").orElseThrow().replace("\"", ""));

        // stored again, as storage stores a file: other bytes of the same length moved over it
        byte[] other = miss.body().clone();
        other[other.length - 1] ^= 1;
        Path fresh = Files.write(variant.resolveSibling("fresh"), other);
        Files.move(fresh, variant, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        double before = earlyHits();
        HttpResponse<byte[]> again = get(url);
        assertThat(again.body()).isEqualTo(other);
        assertThat(again.headers().firstValue("x-service-cache")).hasValue("hit");
        assertThat(earlyHits()).isEqualTo(before + 1);

        // a range and HEAD are the route's, from the file
        HttpResponse<byte[]> range = get(url, "Range", "bytes=0-9");
        assertThat(range.statusCode()).isEqualTo(206);
        assertThat(range.body()).isEqualTo(Arrays.copyOf(other, 10));
        HttpResponse<byte[]> head = HTTP.send(HttpRequest.newBuilder(URI.create(server.baseUrl().replaceFirst("/api$", "")
                + url)).method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        assertThat(comparable(head.headers())).isEqualTo(comparable(again.headers()));
        assertThat(earlyHits()).isEqualTo(before + 1);

        // evicted: its figures, then its bytes, deleted
        Files.delete(variant.resolveSibling(variant.getFileName() + ".json"));
        Files.delete(variant);
        double renders = counter("mediaopt_image_url_renders_total");
        HttpResponse<byte[]> rendered = get(url);
        assertThat(rendered.headers().firstValue("x-service-cache")).hasValue("miss");
        assertThat(rendered.body()).isEqualTo(miss.body());
        assertThat(counter("mediaopt_image_url_renders_total")).isEqualTo(renders + 1);
    }

    @Test
    @Order(5)
    void hitsEmptyTheClientsBucket() throws Exception {
        String url = ImageUrlApiTest.signed("w:60/f:png", origin.url("/photo.jpg"));
        double before = earlyHits();
        int served = 0;
        HttpResponse<byte[]> answer = get(url);
        while (answer.statusCode() == 200 && served <= BURST) {
            served++;
            answer = get(url);
        }
        assertThat(answer.statusCode()).isEqualTo(429);
        assertThat(answer.headers().firstValue("Retry-After")).isPresent();
        assertThat(answer.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(served).isLessThanOrEqualTo(BURST);
        // all but the first (the render) were hits ahead of the routes
        assertThat(earlyHits()).isEqualTo(before + served - 1);
    }
}
