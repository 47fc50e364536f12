package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.OptimizationSummary;
import io.mediaopt.client.Optimization;
import io.mediaopt.client.OptimizeOptions;
import io.mediaopt.client.OutputFormat;
import io.mediaopt.image.vips.VipsCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The quality, format and width fields and the Accept header, on both upload routes, end to end. */
@Integration
class OutputOptionsApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.withDefaults();
    /** A server that keeps one quality per preset unless a request asks for more. */
    @RegisterExtension
    static final RunningServer fixedServer = RunningServer.with(Map.of("SERVICE_IMAGE_QUALITY", "fixed"));
    static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> ROUTES = List.of("/media/optimize", "/media/jobs");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "quality | 0       | auto or a whole number from 1 to 100",
            "quality | 101     | auto or a whole number from 1 to 100",
            "quality | high    | auto or a whole number from 1 to 100",
            "quality | 40.5    | auto or a whole number from 1 to 100",
            "quality | \uFF18\uFF10 | auto or a whole number from 1 to 100 in ASCII digits",
            "quality | \u0668\u0660 | auto or a whole number from 1 to 100 in ASCII digits",
            "quality | +80     | auto or a whole number from 1 to 100 in ASCII digits",
            "quality | ' 80'   | auto or a whole number from 1 to 100 in ASCII digits",
            "format  | gif     | auto, webp, avif, jpeg, png, mp4, webm",
            "format  | heif    | auto, webp, avif, jpeg, png, mp4, webm",
            "format  | ''      | auto, webp, avif, jpeg, png, mp4, webm",
            "width   | 0       | a whole number of pixels, 1 or more",
            "width   | -300    | a whole number of pixels, 1 or more",
            "width   | wide    | a whole number of pixels, 1 or more",
            "width   | \uFF13\uFF12\uFF10 | a whole number of pixels, 1 or more, in ASCII digits",
            "width   | +320    | a whole number of pixels, 1 or more, in ASCII digits",
            "width   | '320 '  | a whole number of pixels, 1 or more, in ASCII digits"})
    void aBadValueIsInvalidInputNamingTheValidOnesOnBothRoutes(String field, String value, String valid)
            throws Exception {
        for (String route : ROUTES) {
            JsonNode error = refused(route, Fixtures.photoJpeg(400, 300), Part.text(field, value));
            assertThat(error.path("error").asText()).as(route).contains(valid).contains("for " + field)
                    .contains("\"" + value + "\"");
        }
    }

    @Test
    void aFormatOfTheOtherKindOrAQualityForAVideoIsInvalidInputOnceTheKindIsKnown() throws Exception {
        for (String route : ROUTES) {
            assertThat(refused(route, Fixtures.mp4WithAudio(), Part.text("format", "webp")).path("error").asText())
                    .as(route).contains("one of mp4, webm").contains("\"webp\"").contains("a video");
            assertThat(refused(route, Fixtures.photoJpeg(400, 300), Part.text("format", "mp4")).path("error").asText())
                    .as(route).contains("one of webp, avif, jpeg, png").contains("\"mp4\"").contains("an image");
            assertThat(refused(route, Fixtures.mp4WithAudio(), Part.text("quality", "60")).path("error").asText())
                    .as(route).contains("quality auto for a video").contains("\"60\"");
        }
        // the words that mean the default are accepted
        HttpResponse<byte[]> auto = Raw.HTTP.send(RawMultipart.post(server.baseUrl(), "/media/optimize", List.of(
                        Part.file("media", "photo.jpg", Files.readAllBytes(Fixtures.photoJpeg(400, 300))),
                        Part.text("quality", "auto"), Part.text("format", "AUTO"))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(auto.statusCode()).isEqualTo(200);
        assertThat(auto.headers().firstValue("x-service-strategy")).contains("image-webp");
        assertThat(auto.headers().map().keySet()).noneMatch(h -> h.startsWith("x-service-requested-"));
    }

    @Test
    void qualityAutoScoresOnAServerWhoseDefaultIsFixedOnBothRoutes() throws Exception {
        // a night shot: quality per file scores it (a picture neither dark nor flat keeps the fixed quality)
        Path photo = Fixtures.darkPhotoJpeg(1200, 800);
        HttpResponse<byte[]> byDefault = optimizeAsIs(fixedServer, photo);
        assertThat(byDefault.statusCode()).isEqualTo(200);
        // the server's default is fixed: its quality and no score
        assertThat(byDefault.headers().firstValue("x-service-score")).isEmpty();
        List<Part> parts = List.of(Part.file("media", "photo.jpg", Files.readAllBytes(photo)), Part.text("quality", "auto"));
        HttpResponse<byte[]> searched = Raw.HTTP.send(RawMultipart.post(fixedServer.baseUrl(), "/media/optimize", parts).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(searched.statusCode()).isEqualTo(200);
        assertThat(searched.headers().firstValue("x-service-score")).isPresent();
        assertThat(searched.headers().firstValue("x-service-requested-quality")).isEmpty();

        HttpResponse<String> submitted = Raw.send(RawMultipart.post(fixedServer.baseUrl(), "/media/jobs", parts).build());
        assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
        Job job = fixedServer.client().waitForJob(JSON.readTree(submitted.body()).path("jobId").asText(), Duration.ofMinutes(2));
        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        assertThat(job.result().score()).isNotNull().isPositive();
        assertThat(job.options().isDefault()).isTrue();

        // a server with the default setting keeps the preset's quality too: the picture is not scored unasked
        HttpResponse<byte[]> onDefaultServer = optimizeAsIs(server, photo);
        assertThat(onDefaultServer.statusCode()).isEqualTo(200);
        assertThat(onDefaultServer.headers().firstValue("x-service-score")).isEmpty();
    }

    /** The photo optimized with no field but the file: whatever the server's default gives. */
    private static HttpResponse<byte[]> optimizeAsIs(RunningServer on, Path photo) throws Exception {
        return Raw.HTTP.send(RawMultipart.post(on.baseUrl(), "/media/optimize",
                List.of(Part.file("media", "photo.jpg", Files.readAllBytes(photo)))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void aLowerPinnedQualityGivesASmallerFileAndTheResultSaysTheQualityUsed() {
        Path photo = Fixtures.photoJpeg(1200, 800);
        Optimization low = server.client().optimize(photo, "web", OptimizeOptions.DEFAULT.withQuality(40));
        Optimization high = server.client().optimize(photo, "web", OptimizeOptions.DEFAULT.withQuality(95));

        assertThat(low.result().strategy()).isEqualTo("image-webp");
        assertThat(low.result().quality()).isEqualTo(40);
        assertThat(high.result().quality()).isEqualTo(95);
        // pinned: no search ran, so no score was measured
        assertThat(low.result().score()).isNull();
        assertThat(low.content().length).isLessThan(high.content().length);
        assertThat(low.summary().requested()).isEqualTo(OptimizeOptions.DEFAULT.withQuality(40));
    }

    @ParameterizedTest
    @CsvSource({"PNG, image/png", "JPEG, image/jpeg", "AVIF, image/avif", "WEBP, image/webp"})
    void anImageFormatAskedForIsTheFormatDelivered(OutputFormat format, String type) throws Exception {
        Optimization o = server.client().optimize(Fixtures.photoJpeg(640, 480), "web",
                OptimizeOptions.DEFAULT.withFormat(format));
        assertThat(o.result().contentType()).isEqualTo(type);
        assertThat(formatOf(o.content())).isEqualTo(type);
        assertThat(o.summary().requested().format()).isEqualTo(format);
    }

    @Test
    void aSmallerWidthIsHeldToAndALargerOneNeverEnlarges() throws Exception {
        Path photo = Fixtures.photoJpeg(1200, 800);
        Optimization narrow = server.client().optimize(photo, "web", OptimizeOptions.DEFAULT.withWidth(300));
        assertThat(narrow.result().outputWidth()).isEqualTo(300);
        assertThat(sizeOf(narrow)).isEqualTo("300x200");
        assertThat(narrow.summary().requested().width()).isEqualTo(300);

        Optimization wide = server.client().optimize(photo, "web", OptimizeOptions.DEFAULT.withWidth(5000));
        assertThat(wide.result().outputWidth()).isEqualTo(1200);
        assertThat(sizeOf(wide)).isEqualTo("1200x800");

        Optimization overPreset = server.client().optimize(Fixtures.photoJpeg(3000, 2000), "mobile",
                OptimizeOptions.DEFAULT.withWidth(2500));
        assertThat(overPreset.result().outputWidth()).isEqualTo(1080);
    }

    @Test
    void aVideoAskedForAsWebmComesOutAsWebmAtTheWidthAskedFor() throws Exception {
        Path target = Files.createTempFile("out", ".webm");
        OptimizationSummary summary = server.client().optimizeTo(Fixtures.mp4WithAudio(), "web",
                OptimizeOptions.DEFAULT.withFormat(OutputFormat.WEBM).withWidth(320), target);

        assertThat(summary.result().strategy()).isEqualTo("video-webm-vp9");
        assertThat(summary.result().contentType()).isEqualTo("video/webm");
        assertThat(summary.result().outputWidth()).isEqualTo(320);
        assertThat(summary.requested()).isEqualTo(new OptimizeOptions(null, OutputFormat.WEBM, 320));
        JsonNode probe = Probe.of(target);
        assertThat(probe.path("format").path("format_name").asText()).contains("webm");
        assertThat(Probe.stream(probe, "video").path("codec_name").asText()).isEqualTo("vp9");
        assertThat(Probe.stream(probe, "video").path("width").asInt()).isEqualTo(320);
    }

    @Test
    void aVideoAskedForOnePixelWideComesOutTwoPixelsWideAndSaysSo() throws Exception {
        Path target = Files.createTempFile("out", ".mp4");
        OptimizationSummary summary = server.client().optimizeTo(Fixtures.mp4WithAudio(), "web",
                OptimizeOptions.DEFAULT.withWidth(1), target);

        JsonNode video = Probe.stream(Probe.of(target), "video");
        assertThat(video.path("width").asInt()).isEqualTo(2).isEqualTo(summary.result().outputWidth());
        assertThat(video.path("height").asInt()).isEqualTo(2).isEqualTo(summary.result().outputHeight());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "low-bandwidth | image/webp                                    | image/webp",
            "low-bandwidth | image/avif                                    | image/avif",
            "low-bandwidth | */*                                           | image/avif",
            "low-bandwidth | image/avif;q=0, image/webp                    | image/webp",
            "web           | image/avif                                    | image/webp",
            "web           | image/avif,image/webp,image/apng,*/*;q=0.8    | image/webp"})
    void acceptChoosesAmongThePresetsImageFormatsOnTheSynchronousRoute(String preset, String accept, String type)
            throws Exception {
        HttpResponse<byte[]> response = Raw.HTTP.send(RawMultipart.post(server.baseUrl(), "/media/optimize", List.of(
                        Part.file("media", "photo.jpg", Files.readAllBytes(Fixtures.photoJpeg(640, 480))),
                        Part.text("preset", preset)))
                .header("Accept", accept).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).isEqualTo(type);
        assertThat(formatOf(response.body())).isEqualTo(type);
        assertThat(response.headers().firstValue("x-service-requested-format")).isEmpty();
    }

    @Test
    void aFormatAskedForOutranksAccept() throws Exception {
        HttpResponse<byte[]> response = Raw.HTTP.send(RawMultipart.post(server.baseUrl(), "/media/optimize", List.of(
                        Part.file("media", "photo.jpg", Files.readAllBytes(Fixtures.photoJpeg(640, 480))),
                        Part.text("preset", "low-bandwidth"), Part.text("format", "jpeg")))
                .header("Accept", "image/avif").build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(formatOf(response.body())).isEqualTo("image/jpeg");
        assertThat(response.headers().firstValue("x-service-requested-format")).contains("jpeg");
    }

    @Test
    void aJobKeepsItsOptionsAndShowsThem() throws Exception {
        OptimizeOptions asked = new OptimizeOptions(50, OutputFormat.JPEG, 300);
        Job job = server.client().waitForJob(
                server.client().submitJob(Fixtures.photoJpeg(1200, 800), "web", asked).jobId(), Duration.ofMinutes(2));

        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        assertThat(job.options()).isEqualTo(asked);
        assertThat(job.result().contentType()).isEqualTo("image/jpeg");
        assertThat(job.result().quality()).isEqualTo(50);
        assertThat(job.result().outputWidth()).isEqualTo(300);

        JsonNode raw = JSON.readTree(Raw.send(Raw.request(server.baseUrl(), "/media/jobs/" + job.jobId()).GET()
                .build()).body());
        assertThat(raw.path("options").toString()).isEqualTo("{\"quality\":50,\"format\":\"jpeg\",\"width\":300}");

        Job plain = server.client().optimizeAsJob(Fixtures.photoJpeg(400, 300), "web");
        assertThat(plain.options().isDefault()).isTrue();
        Job synchronous = server.client().optimizeAsJob(Fixtures.photoJpeg(400, 300), "web",
                OptimizeOptions.DEFAULT.withFormat(OutputFormat.PNG));
        assertThat(synchronous.options()).isEqualTo(OptimizeOptions.DEFAULT.withFormat(OutputFormat.PNG));
        assertThat(synchronous.result().contentType()).isEqualTo("image/png");
    }

    @Test
    void thePresetsRouteListsTheOptionsAndTheirValues() {
        JsonNode options = server.client().presets().path("options");
        assertThat(options.path("quality").path("default").asText()).isEqualTo("auto");
        assertThat(options.path("quality").path("min").asInt()).isEqualTo(1);
        assertThat(options.path("quality").path("max").asInt()).isEqualTo(100);
        assertThat(options.path("quality").path("kinds").toString()).isEqualTo("[\"image\"]");
        assertThat(options.path("format").path("image").toString()).isEqualTo("[\"webp\",\"avif\",\"jpeg\",\"png\"]");
        assertThat(options.path("format").path("video").toString()).isEqualTo("[\"mp4\",\"webm\",\"av1\"]");
        assertThat(options.path("width").path("min").asInt()).isEqualTo(1);
    }

    /** The error body of a 400 invalid-input answer to an upload of {@code file} with these fields. */
    private static JsonNode refused(String route, Path file, Part... fields) throws Exception {
        List<Part> parts = new ArrayList<>(List.of(Part.file("media", file.getFileName().toString(),
                Files.readAllBytes(file))));
        parts.addAll(List.of(fields));
        HttpResponse<String> response = Raw.send(RawMultipart.post(server.baseUrl(), route, parts).build());
        assertThat(response.statusCode()).as(route + " " + response.body()).isEqualTo(400);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.path("code").asText()).isEqualTo("invalid-input");
        return body;
    }

    /** The media type the bytes say, from their signature. */
    static String formatOf(byte[] content) {
        String head = new String(content, 0, Math.min(content.length, 16), StandardCharsets.ISO_8859_1);
        if (head.startsWith("\u0089PNG")) return "image/png";
        if (head.startsWith("\u00ff\u00d8\u00ff")) return "image/jpeg";
        if (head.startsWith("RIFF") && head.startsWith("WEBP", 8)) return "image/webp";
        if (head.startsWith("ftypavif", 4)) return "image/avif";
        return "unknown";
    }

    private static String sizeOf(Optimization o) throws Exception {
        Path file = Files.write(Files.createTempFile("img", "." + o.result().contentType().substring(6)), o.content());
        return VipsCommand.size(file);
    }
}
