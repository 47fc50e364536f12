package io.mediaopt.imageurl;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The limits of the image URL route on a running server: each client address's token bucket
 * (requests from other loopback addresses stand for other clients), and a source over
 * SERVICE_MAX_INPUT_PIXELS refused before it is rendered.
 */
@Integration
class ImageUrlLimitsApiTest {
    static final int BURST = 3;
    static final String SITE_KEY = "secret-key-0123456789";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            "SERVICE_API_KEYS", "site:" + SITE_KEY,
            "SERVICE_IMAGE_URL_KEYS", ImageUrlApiTest.KEY + ":" + ImageUrlApiTest.SALT,
            "SERVICE_IMAGE_URL_SOURCES", "127.0.0.1",
            "SERVICE_IMAGE_URL_ALLOW_PRIVATE", "true",
            // a token every 1000 s: none comes back during the test
            "SERVICE_IMAGE_URL_RATE", "0.001:" + BURST,
            "SERVICE_MAX_INPUT_PIXELS", "100000"));
    static ImageOrigin origin;

    @BeforeAll
    static void startOrigin() throws Exception {
        origin = new ImageOrigin(Fixtures.photoJpeg(640, 480));
    }

    @AfterAll
    static void stopOrigin() {
        origin.close();
    }

    @Test
    void aClientPastItsBurstGets429WithRetryAfterAndOthersPass() throws Exception {
        HttpClient limited = clientFrom("127.0.0.3");
        String forged = ImageUrlApiTest.signed("w:10", origin.url("/photo.jpg")).replace("/w:10/", "/w:11/");
        for (int i = 0; i < BURST; i++) {
            assertThat(get(limited, forged).statusCode()).as("request %d", i + 1).isEqualTo(403);
        }
        HttpResponse<String> refused = get(limited, forged);
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.body()).contains("\"rate-limited\"");
        assertThat(refused.headers().firstValue("Cache-Control")).hasValue("no-store");
        long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
        assertThat(retryAfter).isBetween(1L, 1000L);
        // a signed request from that address is refused too, before its source is fetched
        int fetched = origin.requests.get();
        assertThat(get(limited, ImageUrlApiTest.signed("w:10", origin.url("/photo.jpg"))).statusCode()).isEqualTo(429);
        assertThat(origin.requests.get()).isEqualTo(fetched);

        assertThat(get(clientFrom("127.0.0.4"), forged).statusCode()).as("another address").isEqualTo(403);
    }

    @Test
    void aRequestWithAKeyCountsAgainstTheKeyNotItsAddress() throws Exception {
        HttpClient shared = clientFrom("127.0.0.6");
        String forged = ImageUrlApiTest.signed("w:10", origin.url("/photo.jpg")).replace("/w:10/", "/w:12/");
        for (int i = 0; i < BURST; i++) assertThat(get(shared, forged).statusCode()).isEqualTo(403);
        assertThat(get(shared, forged).statusCode()).as("the address's bucket is empty").isEqualTo(429);
        for (int i = 0; i < BURST; i++) {
            assertThat(get(shared, forged, "x-api-key", SITE_KEY).statusCode()).as("keyed %d", i + 1).isEqualTo(403);
        }
        HttpResponse<String> refused = get(clientFrom("127.0.0.7"), forged, "Authorization", "Bearer " + SITE_KEY);
        assertThat(refused.statusCode()).as("the key's bucket is empty, from any address").isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        assertThat(get(clientFrom("127.0.0.7"), forged, "x-api-key", "not-a-key").statusCode())
                .as("an invalid key counts as its address").isEqualTo(403);
    }

    /** What the sweep does to the least recently used variant (VariantEvictionContract): the next request renders it again. */
    @Test
    void anEvictedVariantIsRenderedAgainWhenAskedFor() throws Exception {
        HttpClient client = clientFrom("127.0.0.8");
        Path library = server.outputDir().resolve("library");
        Files.createDirectories(library);
        Files.copy(Fixtures.photoJpeg(200, 150), library.resolve("small.jpg"), StandardCopyOption.REPLACE_EXISTING);
        String url = ImageUrlApiTest.signed("w:50/f:webp", "s3://library/small.jpg");
        HttpResponse<String> first = get(client, url);
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("x-service-cache")).hasValue("miss");
        assertThat(get(client, url).headers().firstValue("x-service-cache")).hasValue("hit");

        String etag = first.headers().firstValue("ETag").orElseThrow();
        Path variant = server.outputDir().resolve(VariantStore.PREFIX + "variants").resolve(etag.replace("\"", ""));
        Files.delete(variant.resolveSibling(variant.getFileName() + ".json"));
        Files.delete(variant);
        HttpResponse<String> again = get(client, url);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.headers().firstValue("x-service-cache")).hasValue("miss");
        assertThat(again.headers().firstValue("ETag")).hasValue(etag);
        assertThat(Files.exists(variant)).isTrue();
    }

    @Test
    void aSourceOverThePixelLimitIsRefused() throws Exception {
        HttpResponse<String> answer = get(clientFrom("127.0.0.5"),
                ImageUrlApiTest.signed("w:10", origin.url("/photo.jpg")));
        assertThat(answer.statusCode()).isEqualTo(413);
        assertThat(answer.body()).contains("\"too-large\"", "100000 pixels");
    }

    private static HttpClient clientFrom(String address) throws Exception {
        return HttpClient.newBuilder().localAddress(InetAddress.getByName(address)).build();
    }

    private static HttpResponse<String> get(HttpClient client, String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUrl().replaceFirst("/api$", "") + path));
        if (headers.length > 0) request.headers(headers);
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
