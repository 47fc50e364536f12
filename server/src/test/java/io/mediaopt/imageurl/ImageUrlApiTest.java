package io.mediaopt.imageurl;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.client.ImageUrlOptions;
import io.mediaopt.client.ImageUrls;
import io.mediaopt.metrics.PrometheusText;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Images by URL on a running server (URLs signed here and by the Java client's ImageUrls):
 * rendered at the asked size and format, served from the stored variant afterwards, 304 on its
 * ETag, refused with a changed byte, with no API key needed although keys are enforced; sources
 * off the allow-list or not images refused.
 */
@Integration
class ImageUrlApiTest {
    static final String KEY = ProcessingUrlTest.KEY;
    static final String SALT = ProcessingUrlTest.SALT;
    static final ImageUrlSettings.SigningKey SIGNING = new ImageUrlSettings.SigningKey(
            HexFormat.of().parseHex(KEY), HexFormat.of().parseHex(SALT));

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            "SERVICE_API_KEYS", "site:secret-key-0123456789",
            "SERVICE_IMAGE_URL_KEYS", "0011:2233," + KEY + ":" + SALT,
            "SERVICE_IMAGE_URL_SOURCES", "127.0.0.1,*.images.test",
            "SERVICE_IMAGE_URL_ALLOW_PRIVATE", "true"));
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static ImageOrigin origin;

    @BeforeAll
    static void startOrigin() throws Exception {
        origin = new ImageOrigin(Fixtures.photoJpeg(640, 480));
    }

    @AfterAll
    static void stopOrigin() {
        origin.close();
    }

    static String signed(String options, String source) {
        String path = "/" + options + "/" + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(source.getBytes(StandardCharsets.UTF_8));
        return "/img/" + UrlSignatures.sign(SIGNING, path) + path;
    }

    static HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUrl().replaceFirst("/api$", "") + path));
        if (headers.length > 0) request.headers(headers);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void servesTheJavaClientsSignedUrlAndRefusesItsUnsignedOne() throws Exception {
        URI service = URI.create(server.baseUrl());
        ImageUrlOptions options = new ImageUrlOptions().width(160).height(90).quality(70)
                .resizingType(ImageUrlOptions.ResizingType.FILL).gravity(ImageUrlOptions.Gravity.SMART)
                .format(ImageUrlOptions.Format.PNG);
        String source = origin.url("/photo.jpg");
        String built = ImageUrls.signed(service, KEY, SALT).url(source, options);

        HttpResponse<byte[]> answer = HTTP.send(HttpRequest.newBuilder(URI.create(built)).build(),
                HttpResponse.BodyHandlers.ofByteArray());

        assertThat(answer.statusCode()).as(new String(answer.body(), StandardCharsets.UTF_8)).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("image/png");
        BufferedImage picture = ImageIO.read(new ByteArrayInputStream(answer.body()));
        assertThat(picture.getWidth()).isEqualTo(160);
        assertThat(picture.getHeight()).isEqualTo(90);
        String unsigned = ImageUrls.unsigned(service).url(source, options);
        assertThat(HTTP.send(HttpRequest.newBuilder(URI.create(unsigned)).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(403);
    }

    @Test
    void rendersStoresAndRevalidates() throws Exception {
        String url = signed("rs:fill:200:100/g:sm/q:60", origin.url("/photo.jpg"));
        HttpResponse<byte[]> first = get(url, "Accept", "image/avif,image/webp,*/*");
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("Content-Type")).hasValue("image/avif");
        assertThat(first.headers().firstValue("Vary")).hasValue("Accept");
        assertThat(first.headers().firstValue("x-service-cache")).hasValue("miss");
        assertThat(first.headers().firstValue("x-service-output-width")).hasValue("200");
        assertThat(first.headers().firstValue("x-service-output-height")).hasValue("100");
        assertThat(first.headers().firstValue("Cache-Control")).hasValue("public, max-age=31536000");
        assertThat(first.headers().firstValue("Content-Length")).hasValue(Integer.toString(first.body().length));
        assertThat(new String(first.body(), 4, 8, StandardCharsets.ISO_8859_1)).isEqualTo("ftypavif");

        HttpResponse<byte[]> second = get(url, "Accept", "image/avif,image/webp,*/*");
        assertThat(second.headers().firstValue("x-service-cache")).hasValue("hit");
        assertThat(second.body()).isEqualTo(first.body());
        String etag = second.headers().firstValue("ETag").orElseThrow();
        assertThat(etag).isEqualTo(first.headers().firstValue("ETag").orElseThrow()).startsWith("\"");

        assertThat(get(url, "Accept", "image/avif", "If-None-Match", etag).statusCode()).isEqualTo(304);
        // another Accept is another variant, with its own tag
        HttpResponse<byte[]> jpeg = get(url, "Accept", "image/jpeg");
        assertThat(jpeg.headers().firstValue("Content-Type")).hasValue("image/jpeg");
        assertThat(jpeg.headers().firstValue("ETag").orElseThrow()).isNotEqualTo(etag);
        // each request's scratch directory went with it
        assertThat(Eventually.await(Duration.ofSeconds(10), ImageUrlApiTest::workLeft, List::isEmpty)).isEmpty();
    }

    private static List<Path> workLeft() throws Exception {
        try (var left = Files.list(server.outputDir().resolve("image-url-work"))) {
            return left.toList();
        }
    }

    @Test
    void identicalMissesAtOnceRenderOnceAndAllGetTheVariant() throws Exception {
        String url = signed("w:90/f:webp", origin.url("/photo.jpg"));
        double before = renders();
        List<CompletableFuture<HttpResponse<byte[]>>> answers = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            answers.add(HTTP.sendAsync(HttpRequest.newBuilder(URI.create(server.baseUrl().replaceFirst("/api$", "") + url))
                    .build(), HttpResponse.BodyHandlers.ofByteArray()));
        }
        byte[] first = answers.getFirst().get().body();
        for (CompletableFuture<HttpResponse<byte[]>> answer : answers) {
            assertThat(answer.get().statusCode()).isEqualTo(200);
            assertThat(answer.get().body()).isEqualTo(first);
        }
        assertThat(renders() - before).isEqualTo(1);
    }

    /** This server's image URL render counter, 0 before it first moved. */
    static double renders() throws Exception {
        HttpResponse<byte[]> scrape = get("/metrics", "x-api-key", "secret-key-0123456789");
        assertThat(scrape.statusCode()).isEqualTo(200);
        return PrometheusText.parse(new String(scrape.body(), StandardCharsets.UTF_8))
                .value("mediaopt_image_url_renders_total", Map.of()).orElse(0.0);
    }

    @Test
    void explicitFormatAndDprWin() throws Exception {
        HttpResponse<byte[]> webp = get(signed("w:100/dpr:2/f:webp", origin.url("/photo.jpg")), "Accept", "image/avif");
        assertThat(webp.statusCode()).isEqualTo(200);
        assertThat(webp.headers().firstValue("Content-Type")).hasValue("image/webp");
        assertThat(webp.headers().firstValue("Vary")).isEmpty();
        assertThat(webp.headers().firstValue("x-service-output-width")).hasValue("200");
        assertThat(webp.headers().firstValue("x-service-output-height")).hasValue("150");
        assertThat(webp.headers().firstValue("Content-Disposition").orElseThrow()).startsWith("inline");
    }

    @Test
    void infoGivesTheSourcesFigures() throws Exception {
        String path = "/info/" + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(origin.url("/photo.jpg").getBytes(StandardCharsets.UTF_8));
        HttpResponse<byte[]> info = get("/img/" + UrlSignatures.sign(SIGNING, path) + path);
        assertThat(info.statusCode()).isEqualTo(200);
        String body = new String(info.body(), StandardCharsets.UTF_8);
        assertThat(body).contains("\"width\":640", "\"height\":480", "\"format\":\"jpeg\"", "\"orientation\":1",
                "\"blurhash\":\"", "\"dominantColor\":\"#");
    }

    @Test
    void changedByteIsForbiddenAndNeverFetched() throws Exception {
        int before = origin.requests.get();
        String url = signed("w:120", origin.url("/photo.jpg")).replace("/w:120/", "/w:121/");
        HttpResponse<byte[]> answer = get(url);
        assertThat(answer.statusCode()).isEqualTo(403);
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).contains("invalid-signature");
        assertThat(answer.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(origin.requests.get()).isEqualTo(before);
    }

    @Test
    void storedObjectsAreSourcesButNotTheVariantsOwn() throws Exception {
        Path library = server.outputDir().resolve("library");
        Files.createDirectories(library);
        Files.copy(Fixtures.photoJpeg(640, 480), library.resolve("photo.jpg"), StandardCopyOption.REPLACE_EXISTING);
        HttpResponse<byte[]> stored = get(signed("rs:force:50:60/f:png", "s3://library/photo.jpg"));
        assertThat(stored.statusCode()).isEqualTo(200);
        assertThat(stored.headers().firstValue("x-service-output-width")).hasValue("50");
        assertThat(stored.headers().firstValue("x-service-output-height")).hasValue("60");
        assertThat(new String(stored.body(), 1, 3, StandardCharsets.ISO_8859_1)).isEqualTo("PNG");
        assertThat(get(signed("w:10", "s3://library/missing.jpg")).statusCode()).isEqualTo(404);
        assertThat(get(signed("w:10", "s3://image-url/variants/x")).statusCode()).isEqualTo(403);
        assertThat(get(signed("w:10", "s3://library/../jobs.db")).statusCode()).isEqualTo(403);
    }

    /**
     * An 800 x 400 grey picture with a saturated red disc off-centre (centre x 680): a 400 x 400
     * fill keeps the disc with smart crop and with a focal point on it, loses it at the centre.
     */
    @Test
    void smartCropAndFocalPointKeepTheSubject() throws Exception {
        BufferedImage picture = new BufferedImage(800, 400, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = picture.createGraphics();
        g.setColor(new Color(128, 128, 128));
        g.fillRect(0, 0, 800, 400);
        g.setColor(new Color(230, 20, 20));
        g.fillOval(680 - 60, 200 - 60, 120, 120);
        g.dispose();
        Path library = server.outputDir().resolve("library");
        Files.createDirectories(library);
        ImageIO.write(picture, "png", library.resolve("subject.png").toFile());
        assertThat(redColumns("rs:fill:400:400/g:sm/f:png")).as("smart crop").isNotEmpty();
        assertThat(redColumns("rs:fill:400:400/g:fp:0.8:0.5/f:png")).as("focal point").isNotEmpty();
        assertThat(redColumns("rs:fill:400:400/g:ea/f:png")).as("east").isNotEmpty();
        assertThat(redColumns("rs:fill:400:400/g:ce/f:png")).as("centre").isEmpty();
        assertThat(redColumns("rs:fill:400:400/g:we/f:png")).as("west").isEmpty();
    }

    /** The columns of the rendered picture whose middle row is red. */
    private static List<Integer> redColumns(String options) throws Exception {
        HttpResponse<byte[]> answer = get(signed(options, "s3://library/subject.png"));
        assertThat(answer.statusCode()).isEqualTo(200);
        BufferedImage out = ImageIO.read(new ByteArrayInputStream(answer.body()));
        assertThat(out.getWidth()).isEqualTo(400);
        assertThat(out.getHeight()).isEqualTo(400);
        List<Integer> red = new ArrayList<>();
        for (int x = 0; x < out.getWidth(); x++) {
            Color c = new Color(out.getRGB(x, 200));
            if (c.getRed() > 180 && c.getGreen() < 80) red.add(x);
        }
        return red;
    }

    @Test
    void jobSourcesNeedKeysOff() throws Exception {
        HttpResponse<byte[]> answer = get(signed("w:10", "mediaopt://jobs/some-job/output"));
        assertThat(answer.statusCode()).isEqualTo(403);
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).contains("SERVICE_API_KEYS");
    }

    @Test
    void aRenderLargerThanThePixelLimitIsRefused() throws Exception {
        HttpResponse<byte[]> answer = get(signed("rs:force:16384:16384:1", origin.url("/photo.jpg")));
        assertThat(answer.statusCode()).isEqualTo(413);
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).contains("pixels");
    }

    @Test
    void unknownOptionIsNamed() throws Exception {
        HttpResponse<byte[]> answer = get(signed("blur:5", origin.url("/photo.jpg")));
        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).contains("blur", "invalid-input");
    }

    @Test
    void sourcesOffTheListAreNeverFetched() throws Exception {
        int before = origin.requests.get();
        HttpResponse<byte[]> answer = get(signed("w:10", "http://localhost:" + origin.port() + "/photo.jpg"));
        assertThat(answer.statusCode()).isEqualTo(403);
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).contains("source-not-allowed");
        origin.redirectTarget = "http://localhost:" + origin.port() + "/photo.jpg";
        HttpResponse<byte[]> redirected = get(signed("w:11", origin.url("/moved")));
        assertThat(redirected.statusCode()).isEqualTo(403);
        // the redirect itself was fetched, its target off the list was not
        assertThat(origin.requests.get()).isEqualTo(before + 1);
        assertThat(get(signed("w:10", "file:///etc/passwd")).statusCode()).isEqualTo(400);
    }

    @Test
    void notAnImageIsUnsupportedAndMissingIsBadGateway() throws Exception {
        assertThat(get(signed("w:10", origin.url("/text"))).statusCode()).isEqualTo(415);
        assertThat(get(signed("w:10", origin.url("/missing.jpg"))).statusCode()).isEqualTo(502);
    }
}
