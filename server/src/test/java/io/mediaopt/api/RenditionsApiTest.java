package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.image.vips.PixelProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Renditions through the real server: the responsive set and the poster, with their routes. */
@Integration
class RenditionsApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1"));
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aResponsiveSetListsEveryWidthInThreeFormatsEachDownloadableWithRange() throws Exception {
        JsonNode job = submitAndWait("photo.jpg", Fixtures.photoJpeg(1600, 1200), "web", "responsive", null);
        JsonNode result = job.path("result");
        List<JsonNode> set = list(result.path("renditions"));

        assertThat(set).isNotEmpty().allSatisfy(r -> assertThat(r.path("role").asText()).isEqualTo("responsive"));
        List<Integer> widths = set.stream().map(r -> r.path("width").asInt()).distinct().toList();
        assertThat(widths).hasSizeGreaterThanOrEqualTo(2).allSatisfy(w -> assertThat(w).isBetween(320, 1600));
        assertThat(widths).contains(1600, 320);
        for (int width : widths) {
            assertThat(set.stream().filter(r -> r.path("width").asInt() == width).map(r -> r.path("format").asText()))
                    .containsExactlyInAnyOrder("avif", "webp", "jpeg");
        }
        for (JsonNode r : set) {
            HttpResponse<byte[]> whole = get(r.path("url").asText(), null);
            assertThat(whole.statusCode()).isEqualTo(200);
            assertThat(whole.headers().firstValue("Content-Type")).hasValue(r.path("contentType").asText());
            assertThat(whole.headers().firstValue("Cache-Control")).hasValue("no-store");
            assertThat(whole.headers().firstValue("Content-Disposition").orElseThrow())
                    .startsWith("attachment; filename=\"photo-" + r.path("name").asText() + "\"");
            assertThat((long) whole.body().length).isEqualTo(r.path("bytes").asLong());
            assertThat(dimensions(whole.body())).isEqualTo(r.path("width").asInt() + "x" + r.path("height").asInt());
        }
        HttpResponse<byte[]> part = get(set.getFirst().path("url").asText(), "bytes=4-11");
        assertThat(part.statusCode()).isEqualTo(206);
        assertThat(part.body()).hasSize(8);
        assertThat(part.headers().firstValue("Content-Range"))
                .hasValue("bytes 4-11/" + set.getFirst().path("bytes").asLong());

        String picture = result.path("picture").asText();
        assertThat(picture).startsWith("<picture>").endsWith("</picture>")
                .contains("<source type=\"image/avif\" srcset=\"", "<source type=\"image/webp\" srcset=\"",
                        "sizes=\"(max-width: 1600px) 100vw, 1600px\"", " 320w", " 1600w", "<img src=\"");
    }

    @Test
    void aPhoneAtTwiceTheDensityGetsAFractionOfTheSingleWebFileAndTheFormatItAccepts() throws Exception {
        JsonNode job = submitAndWait("photo.jpg", Fixtures.photoJpeg(1600, 1200), "web", "responsive", null);
        long webBytes = job.path("result").path("outputBytes").asLong();
        String picture = server.baseUrl() + "/media/jobs/" + job.path("jobId").asText() + "/picture?w=720";

        HttpResponse<byte[]> avif = get(picture, null, "image/avif,image/webp,image/apng,*/*;q=0.8");
        assertThat(avif.statusCode()).isEqualTo(200);
        assertThat(avif.headers().firstValue("Content-Type")).hasValue("image/avif");
        assertThat(avif.headers().allValues("Vary")).anySatisfy(v -> assertThat(v).contains("Accept"));
        assertThat(new String(avif.body(), 4, 8)).isEqualTo("ftypavif");
        // AVIF at the quality that matches WebP's (docs/quality.md, "Images by URL: format qualities")
        assertThat((long) avif.body().length).isLessThanOrEqualTo(webBytes * 6 / 10);
        assertThat(Integer.parseInt(dimensions(avif.body()).split("x")[0])).isGreaterThanOrEqualTo(720);

        HttpResponse<byte[]> any = get(picture, null, "*/*");
        assertThat(any.headers().firstValue("Content-Type")).hasValue("image/jpeg");
        assertThat(any.headers().allValues("Vary")).anySatisfy(v -> assertThat(v).contains("Accept"));
        HttpResponse<byte[]> webp = get(picture, null, "image/webp,*/*");
        assertThat(webp.headers().firstValue("Content-Type")).hasValue("image/webp");
        assertThat(avif.body().length).isLessThan(webp.body().length);
        HttpResponse<byte[]> noWidth = get(picture.replace("?w=720", "?w=wide"), null, "*/*");
        assertThat(noWidth.statusCode()).isEqualTo(400);
        // full-width and Arabic-Indic 720, a sign, a space before and after
        for (String w : List.of("%EF%BC%97%EF%BC%92%EF%BC%90", "%D9%A7%D9%A2%D9%A0", "%2B720", "%20720", "720%20")) {
            HttpResponse<byte[]> refused = get(picture.replace("?w=720", "?w=" + w), null, "*/*");
            assertThat(refused.statusCode()).as(w).isEqualTo(400);
            assertThat(JSON.readTree(refused.body()).path("code").asText()).isEqualTo("invalid-input");
        }
    }

    @Test
    void aPosterTimeInOtherDigitsOrWithASignIsInvalidInput() throws Exception {
        for (String time : List.of("\uFF12", "\u0662", "+2", " 2", "1e0")) {
            assertRefused(Fixtures.shortClip(), "poster", time, "in ASCII digits");
        }
    }

    @Test
    void aStripTooTallForWebpAndAvifGetsAResponsiveSetOfItsFallbackAlone() throws Exception {
        JsonNode job = submitAndWait("strip.png", Fixtures.photoPng(1, 20000, false), "web", "responsive", null);
        List<JsonNode> set = list(job.path("result").path("renditions"));
        assertThat(set).isNotEmpty().allSatisfy(r -> {
            assertThat(r.path("format").asText()).isEqualTo("jpeg");
            assertThat(r.path("width").asInt() + "x" + r.path("height").asInt()).isEqualTo("1x20000");
        });
        for (JsonNode r : set) {
            HttpResponse<byte[]> file = get(r.path("url").asText(), null);
            assertThat(file.statusCode()).isEqualTo(200);
            assertThat(dimensions(file.body())).isEqualTo("1x20000");
        }
        String picture = server.baseUrl() + "/media/jobs/" + job.path("jobId").asText() + "/picture?w=1";
        HttpResponse<byte[]> chosen = get(picture, null, "image/avif,image/webp,*/*;q=0.8");
        assertThat(chosen.statusCode()).isEqualTo(200);
        assertThat(chosen.headers().firstValue("Content-Type")).hasValue("image/jpeg");
        assertThat(job.path("result").path("picture").asText()).doesNotContain("<source").contains("<img src=\"");
    }

    @Test
    void aTransparentPictureFallsBackToPng() throws Exception {
        JsonNode job = submitAndWait("logo.png", Fixtures.photoPng(800, 600, true), "web", "responsive", null);
        assertThat(list(job.path("result").path("renditions")).stream().map(r -> r.path("format").asText()))
                .contains("png", "avif", "webp").doesNotContain("jpeg");
    }

    @Test
    void thePosterIsARepresentativeFrameNotTheBlackFirstOneUnlessATimeIsChosen() throws Exception {
        Path clip = Fixtures.video("black-start.mp4", "320x240", 25, 3, false,
                "-vf", "drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill:enable='lt(t,1)'",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p");

        JsonNode job = submitAndWait("clip.mp4", clip, "web", "poster", null);
        List<JsonNode> renditions = list(job.path("result").path("renditions"));
        assertThat(renditions).hasSize(1);
        JsonNode poster = renditions.getFirst();
        assertThat(poster.path("role").asText()).isEqualTo("poster");
        assertThat(poster.path("format").asText()).isEqualTo("webp");
        assertThat(poster.path("width").asInt()).isEqualTo(320);
        byte[] image = get(poster.path("url").asText(), null).body();
        assertThat((long) image.length).isEqualTo(poster.path("bytes").asLong());
        assertThat(meanLuma(image)).isGreaterThan(40);

        JsonNode early = submitAndWait("clip.mp4", clip, "web", "poster", "0.5");
        byte[] black = get(list(early.path("result").path("renditions")).getFirst().path("url").asText(), null).body();
        assertThat(meanLuma(black)).isLessThan(25);
    }

    @Test
    void aJobWithoutTheFieldHasNoRenditionsAndUnknownOrUnfitOnesAreRefused() throws Exception {
        JsonNode plain = submitAndWait("photo.jpg", Fixtures.photoJpeg(640, 480), "web", null, null);
        assertThat(plain.path("result").has("renditions")).isFalse();
        assertThat(plain.path("result").has("picture")).isFalse();
        HttpResponse<byte[]> none = get(server.baseUrl() + "/media/jobs/" + plain.path("jobId").asText()
                + "/renditions/w640.webp", null);
        assertThat(none.statusCode()).isEqualTo(404);

        assertRefused(Fixtures.photoJpeg(640, 480), "thumbnails", null, "responsive, hls, poster");
        assertRefused(Fixtures.photoJpeg(640, 480), "responsive,", null, "comma-separated");
        assertRefused(Fixtures.photoJpeg(640, 480), "poster", null, "videos only");
        assertRefused(Fixtures.shortClip(), "responsive", null, "images only");
        assertRefused(Fixtures.shortClip(), "hls", "3", "posterTime only with");
        assertRefused(Fixtures.shortClip(), "poster", "soon", "posterTime");
    }

    @Test
    void theSynchronousRouteAnswersWithTheRenditionsToo() throws Exception {
        HttpResponse<String> response = Raw.send(RawMultipart.post(server.baseUrl(), "/media/optimize",
                        form("photo.jpg", Fixtures.photoJpeg(640, 480), "web", "responsive", null))
                .header("Accept", "application/json").build());
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode result = JSON.readTree(response.body()).path("result");
        assertThat(list(result.path("renditions"))).isNotEmpty();
        assertThat(result.path("picture").asText()).contains("<picture>");
    }

    private static void assertRefused(Path file, String renditions, String posterTime, String message)
            throws Exception {
        HttpResponse<String> response = Raw.send(RawMultipart.post(server.baseUrl(), "/media/jobs",
                form(file.getFileName().toString(), file, "web", renditions, posterTime)).build());
        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.path("code").asText()).isEqualTo("invalid-input");
        assertThat(body.path("error").asText()).contains(message);
    }

    private static JsonNode submitAndWait(String filename, Path file, String preset, String renditions,
                                          String posterTime) throws Exception {
        return submitAndWait(server, filename, file, preset, renditions, posterTime);
    }

    /** Submits the file as a job to {@code on} and waits until it is done. */
    static JsonNode submitAndWait(RunningServer on, String filename, Path file, String preset, String renditions,
                                  String posterTime) throws Exception {
        return submitAndWait(on, null, filename, file, preset, renditions, posterTime);
    }

    /** The same, sending the API key {@code key} when it is not null. */
    static JsonNode submitAndWait(RunningServer on, String key, String filename, Path file, String preset,
                                  String renditions, String posterTime) throws Exception {
        HttpRequest.Builder submit = RawMultipart.post(on.baseUrl(), "/media/jobs",
                form(filename, file, preset, renditions, posterTime));
        HttpResponse<String> response = Raw.send((key == null ? submit : submit.header("x-api-key", key)).build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
        String id = JSON.readTree(response.body()).path("jobId").asText();
        JsonNode job = Eventually.await(Duration.ofMinutes(3), () -> {
            HttpRequest.Builder get = Raw.request(on.baseUrl(), "/media/jobs/" + id);
            return JSON.readTree(Raw.send((key == null ? get : get.header("x-api-key", key)).build()).body());
        }, j -> !j.path("status").asText().matches("pending|processing"));
        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("done");
        return job;
    }

    private static List<Part> form(String filename, Path file, String preset, String renditions, String posterTime)
            throws Exception {
        List<Part> parts = new ArrayList<>(List.of(Part.file("media", filename, Files.readAllBytes(file)),
                Part.text("preset", preset)));
        if (renditions != null) parts.add(Part.text("renditions", renditions));
        if (posterTime != null) parts.add(Part.text("posterTime", posterTime));
        return parts;
    }

    private static HttpResponse<byte[]> get(String url, String range, String... accept) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
        if (range != null) request.header("Range", range);
        if (accept.length > 0) request.header("Accept", accept[0]);
        return Raw.HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        return items;
    }

    /**
     * WxH of an encoded picture, as libvips reads it: ffprobe 5.1 misreads the AVIF files of
     * libheif 1.23, which put the primary item after the item locations (browsers and libheif
     * read them).
     */
    static String dimensions(byte[] image) throws Exception {
        Path file = Files.createTempFile("picture", ".bin");
        try {
            Files.write(file, image);
            PixelProbe.Header header = PixelProbe.header(file);
            return header.width() + "x" + header.height();
        } finally {
            Files.delete(file);
        }
    }

    /** The mean brightness (0 to 255) of a picture, decoded by ffmpeg. */
    static double meanLuma(byte[] image) throws Exception {
        Path file = Files.createTempFile("picture", ".bin");
        try {
            Files.write(file, image);
            Process p = new ProcessBuilder("ffmpeg", "-v", "error", "-i", file.toString(), "-vf",
                    "scale=8:8:flags=area,format=gray", "-f", "rawvideo", "-").start();
            byte[] pixels = p.getInputStream().readAllBytes();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(pixels).hasSize(64);
            double sum = 0;
            for (byte b : pixels) sum += b & 0xff;
            return sum / pixels.length;
        } finally {
            Files.delete(file);
        }
    }
}
