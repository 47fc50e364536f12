package io.mediaopt.imageurl;

import io.mediaopt.Integration;
import io.mediaopt.Fixtures;
import io.mediaopt.RunningServer;
import io.mediaopt.api.ApiContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP behaviours of images by URL on a running server whose sources are revalidated on every
 * request (a TTL of 0): a conditional GET with the origin's validators, 304 keeping the stored
 * variant, a changed source giving a new variant and tag; byte ranges, HEAD, and the headers of a
 * refusal; the info route's placeholder figures. Every GET answer is judged against the OpenAPI
 * document.
 */
@Integration
class ImageUrlHttpApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            "SERVICE_IMAGE_URL_KEYS", ImageUrlApiTest.KEY + ":" + ImageUrlApiTest.SALT,
            "SERVICE_IMAGE_URL_SOURCES", "127.0.0.1",
            "SERVICE_IMAGE_URL_ALLOW_PRIVATE", "true",
            "SERVICE_IMAGE_URL_SOURCE_TTL_SECONDS", "0"));
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static ImageOrigin origin;
    static ApiContract contract;

    @BeforeAll
    static void startOrigin() throws Exception {
        origin = new ImageOrigin(Fixtures.photoJpeg(320, 240));
        contract = ApiContract.load();
    }

    @AfterAll
    static void stopOrigin() {
        origin.close();
    }

    static HttpResponse<byte[]> send(String method, String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUrl().replaceFirst("/api$", "") + path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (headers.length > 0) request.headers(headers);
        HttpRequest built = request.build();
        HttpResponse<byte[]> response = HTTP.send(built, HttpResponse.BodyHandlers.ofByteArray());
        // the document describes GET; HEAD answers with the same headers and no body
        if (method.equals("GET")) assertThat(contract.problems(method, built.uri(), response)).as(path).isEmpty();
        return response;
    }

    static String info(String source) {
        String path = "/info/" + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(source.getBytes(StandardCharsets.UTF_8));
        return "/img/" + UrlSignatures.sign(ImageUrlApiTest.SIGNING, path) + path;
    }

    @Test
    void anUnchangedSourceKeepsItsVariantAndAChangedOneGivesANewVariant() throws Exception {
        origin.tagged = Files.readAllBytes(Fixtures.photoJpeg(320, 240));
        origin.version = 1;
        String url = ImageUrlApiTest.signed("w:100/f:jpg", origin.url("/tagged.jpg"));

        HttpResponse<byte[]> first = send("GET", url);
        assertThat(first.statusCode()).as(new String(first.body(), StandardCharsets.UTF_8)).isEqualTo(200);
        assertThat(first.headers().firstValue("x-service-cache")).hasValue("miss");
        assertThat(first.headers().firstValue("x-service-output-height")).hasValue("75");
        String firstTag = first.headers().firstValue("ETag").orElseThrow();

        int before = origin.notModified.get();
        HttpResponse<byte[]> again = send("GET", url);
        assertThat(again.headers().firstValue("x-service-cache")).hasValue("hit");
        assertThat(again.headers().firstValue("ETag")).hasValue(firstTag);
        assertThat(again.body()).isEqualTo(first.body());
        // revalidated with the origin's own validators, and answered 304 by it
        assertThat(origin.notModified.get()).isEqualTo(before + 1);
        assertThat(origin.lastIfNoneMatch).isEqualTo("\"v1\"");
        assertThat(origin.lastIfModifiedSince).isEqualTo("Sun, 01 Nov 2026 10:00:00 GMT");

        origin.tagged = Files.readAllBytes(Fixtures.photoJpeg(200, 200));
        origin.version = 2;
        HttpResponse<byte[]> changed = send("GET", url, "If-None-Match", firstTag);
        assertThat(changed.statusCode()).isEqualTo(200);
        assertThat(changed.headers().firstValue("x-service-cache")).hasValue("miss");
        assertThat(changed.headers().firstValue("x-service-output-height")).hasValue("100");
        assertThat(changed.headers().firstValue("ETag").orElseThrow()).isNotEqualTo(firstTag);
        assertThat(changed.body()).isNotEqualTo(first.body());

        String facts = new String(send("GET", info(origin.url("/tagged.jpg"))).body(), StandardCharsets.UTF_8);
        assertThat(facts).contains("\"width\":200", "\"height\":200").doesNotContain("\"etag\"", "lastModified");
    }

    @Test
    void rangesAndHeadAreAnsweredAsTheStableMediaRoutesAnswerThem() throws Exception {
        String url = ImageUrlApiTest.signed("w:120/f:webp", origin.url("/photo.jpg"));
        HttpResponse<byte[]> first = send("GET", url);
        byte[] whole = first.body();
        String etag = first.headers().firstValue("ETag").orElseThrow();
        assertThat(send("GET", url, "If-None-Match", etag).statusCode()).isEqualTo(304);
        // a list, or the weak form a compressing proxy makes of the tag, names the same variant
        assertThat(send("GET", url, "If-None-Match", "\"other\", W/" + etag).statusCode()).isEqualTo(304);
        assertThat(send("GET", url, "If-None-Match", "\"other\"").statusCode()).isEqualTo(200);

        HttpResponse<byte[]> part = send("GET", url, "Range", "bytes=10-109");
        assertThat(part.statusCode()).isEqualTo(206);
        assertThat(part.headers().firstValue("Content-Range")).hasValue("bytes 10-109/" + whole.length);
        assertThat(part.headers().firstValue("Content-Length")).hasValue("100");
        assertThat(part.headers().firstValue("Content-Type")).hasValue("image/webp");
        assertThat(part.headers().firstValue("Cache-Control")).hasValue("public, max-age=31536000");
        assertThat(part.body()).isEqualTo(Arrays.copyOfRange(whole, 10, 110));

        HttpResponse<byte[]> past = send("GET", url, "Range", "bytes=" + whole.length + "-");
        assertThat(past.statusCode()).isEqualTo(416);
        assertThat(past.headers().firstValue("Content-Range")).hasValue("bytes */" + whole.length);
        assertThat(past.headers().firstValue("Cache-Control")).hasValue("no-store");

        HttpResponse<byte[]> head = send("HEAD", url);
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("Content-Length")).hasValue(Integer.toString(whole.length));
        assertThat(head.headers().firstValue("Accept-Ranges")).hasValue("bytes");
        assertThat(head.body()).isEmpty();
    }

    @Test
    void refusalsAreNeverStoredByCaches() throws Exception {
        String url = ImageUrlApiTest.signed("w:120", origin.url("/photo.jpg"));
        HttpResponse<byte[]> forged = send("GET", url.replace("w:120", "w:121"));
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(forged.headers().firstValue("Cache-Control")).hasValue("no-store");
        HttpResponse<byte[]> missing = send("GET", ImageUrlApiTest.signed("w:120", origin.url("/missing.jpg")));
        assertThat(missing.statusCode()).isEqualTo(502);
        assertThat(missing.headers().firstValue("Cache-Control")).hasValue("no-store");
    }

    @Test
    void infoGivesTheBlurHashAndDominantColour() throws Exception {
        HttpResponse<byte[]> info = send("GET", info(origin.url("/photo.jpg")));
        assertThat(info.statusCode()).isEqualTo(200);
        assertThat(info.headers().firstValue("Cache-Control")).hasValue("public, max-age=0");
        String body = new String(info.body(), StandardCharsets.UTF_8);
        assertThat(body).contains("\"width\":320", "\"height\":240", "\"format\":\"jpeg\"", "\"orientation\":1")
                .containsPattern("\"blurhash\":\"[0-9A-Za-z#$%*+,\\-.:;=?@\\[\\]^_{|}~]{20,}\"")
                .containsPattern("\"dominantColor\":\"#[0-9a-f]{6}\"");
    }
}
