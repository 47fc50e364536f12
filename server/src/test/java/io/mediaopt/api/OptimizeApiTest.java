package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.devices.DeviceFiles;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.Optimization;
import io.mediaopt.client.Usage;
import io.mediaopt.image.vips.VipsCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

/** POST /api/media/optimize end to end: real libvips and ffmpeg behind the real server. */
@Integration
class OptimizeApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.withDefaults();

    @ParameterizedTest
    @CsvSource({"web, image-webp, image/webp, 1920", "mobile, image-webp, image/webp, 1080",
            "low-bandwidth, image-avif, image/avif, 720"})
    void photoShrinksToThePresetWidthAndFormat(String preset, String strategy, String type, int maxWidth)
            throws Exception {
        Path photo = Fixtures.photoJpeg(3000, 2000);
        Optimization o = server.client().optimize(photo, preset);

        assertThat(o.result().kind()).isEqualTo("image");
        assertThat(o.result().strategy()).isEqualTo(strategy);
        assertThat(o.result().contentType()).isEqualTo(type);
        assertThat(o.result().inputWidth()).isEqualTo(3000);
        assertThat(o.result().outputWidth()).isEqualTo(maxWidth);
        assertThat(o.result().filename()).isEqualTo("photo-3000x2000." + (type.endsWith("avif") ? "avif" : "webp"));
        assertThat(o.content().length).isEqualTo(o.result().outputBytes());
        assertThat(o.summary().inputBytes()).isEqualTo(Files.size(photo));
        assertThat(o.result().savedBytes()).isEqualTo(Files.size(photo) - o.content().length).isPositive();
        assertThat(o.result().savedPercent())
                .isCloseTo(100.0 * o.result().savedBytes() / Files.size(photo), within(0.006));
        assertThat(o.summary().preset()).isEqualTo(preset);
        assertThat(imageSize(o.content(), type)).isEqualTo(maxWidth + "x" + maxWidth * 2 / 3);
    }

    @Test
    void pngScreenshotBecomesWebpWithoutEnlarging() throws Exception {
        Optimization o = server.client().optimize(Fixtures.png(), null);
        assertThat(o.summary().preset()).isEqualTo("web");
        assertThat(o.result().strategy()).isEqualTo("image-webp");
        assertThat(o.result().outputWidth()).isEqualTo(1280);
        assertThat(o.result().savedBytes()).isPositive();
    }

    @Test
    void transparencyLaidOnWhiteIsSaidInTheHeaderAndTheJobResult() throws Exception {
        Path alphaVideo = DeviceFiles.vp9AlphaWebm();
        Optimization flattened = server.client().optimize(alphaVideo, "web");
        assertThat(flattened.result().strategy()).isEqualTo("video-mp4-h264");
        assertThat(flattened.result().alphaFlattened()).isTrue();

        Job job = server.client().waitForJob(server.client().submitJob(alphaVideo, "web").jobId(), Duration.ofMinutes(2));
        assertThat(job.result().alphaFlattened()).isTrue();

        Optimization kept = server.client().optimize(alphaVideo, "low-bandwidth");
        assertThat(kept.result().alphaFlattened()).isFalse();
        Optimization opaque = server.client().optimize(Fixtures.png(), "web");
        assertThat(opaque.result().alphaFlattened()).isFalse();
    }

    @Test
    void pagesPastTheFirstAreSaidToBeDroppedInTheHeaderAndTheJobResult() throws Exception {
        Path document = Fixtures.multiPageTiff(400, 300, 3);
        Optimization o = server.client().optimize(document, "web");
        assertThat(o.result().strategy()).isEqualTo("image-webp");
        assertThat(o.result().pagesDropped()).isEqualTo(2);
        assertThat(imageSize(o.content(), "image/webp")).isEqualTo("400x300");

        Job job = server.client().waitForJob(server.client().submitJob(document, "web").jobId(), Duration.ofMinutes(2));
        assertThat(job.result().pagesDropped()).isEqualTo(2);

        assertThat(server.client().optimize(Fixtures.multiPageTiff(400, 300, 1), "web").result().pagesDropped()).isZero();
        assertThat(server.client().optimize(Fixtures.animatedGif(), "web").result().pagesDropped()).isZero();
    }

    @Test
    void animatedGifStaysAnimated() throws Exception {
        Optimization o = server.client().optimize(Fixtures.animatedGif(), "web");
        assertThat(o.result().strategy()).isEqualTo("image-webp");
        Path out = Files.write(Files.createTempFile("anim", ".webp"), o.content());
        JsonNode probe = Probe.of(out);
        // ffprobe cannot decode animated WebP frames, but libvips' header names the pages
        assertThat(new String(o.content(), 0, 4)).isEqualTo("RIFF");
        assertThat(new String(o.content(), 8, 4)).isEqualTo("WEBP");
        assertThat(indexOf(o.content(), "ANIM")).isPositive();
        assertThat(probe).isNotNull();
    }

    @Test
    void exifOrientationIsAppliedAndMetadataStripped() {
        Optimization o = server.client().optimize(Fixtures.rotatedJpeg(), "web");
        // 1200x800 stored, shown rotated: 800 wide
        assertThat(o.result().outputWidth()).isEqualTo(800);
        assertThat(o.result().outputHeight()).isEqualTo(1200);
        assertThat(indexOf(o.content(), "Exif")).isNegative();
    }

    @ParameterizedTest
    @CsvSource({"web, video-mp4-h264, video/mp4, h264, aac, 1280, 23",
            "mobile, video-mp4-h264, video/mp4, h264, aac, 1280, 26",
            "low-bandwidth, video-webm-vp9, video/webm, vp9, opus, 854, 36"})
    void mp4WithAudioIsReencodedPerPreset(String preset, String strategy, String type, String vcodec,
                                          String acodec, int width, int crf) throws Exception {
        Path target = Files.createTempFile("out", ".bin");
        var summary = server.client().optimizeTo(Fixtures.mp4WithAudio(), preset, target);

        assertThat(summary.result().strategy()).isEqualTo(strategy);
        assertThat(summary.result().contentType()).isEqualTo(type);
        assertThat(summary.result().inputDurationSec()).isCloseTo(2.0, within(0.1));
        assertThat(summary.result().outputDurationSec()).isCloseTo(2.0, within(0.15));
        assertThat(summary.result().inputWidth()).isEqualTo(1280);
        assertThat(summary.result().outputWidth()).isEqualTo(width);
        assertThat(summary.result().crf()).as("x-service-crf").isEqualTo(crf);
        assertThat(Files.size(target)).isEqualTo(summary.result().outputBytes()).isLessThan(Files.size(Fixtures.mp4WithAudio()));

        JsonNode probe = Probe.of(target);
        assertThat(Probe.stream(probe, "video").path("codec_name").asText()).isEqualTo(vcodec);
        assertThat(Probe.stream(probe, "video").path("width").asInt()).isEqualTo(width);
        assertThat(Probe.stream(probe, "video").path("height").asInt() % 2).isZero();
        assertThat(Probe.stream(probe, "audio").path("codec_name").asText()).isEqualTo(acodec);
        assertThat(Probe.duration(probe)).isCloseTo(2.0, within(0.15));
    }

    @Test
    void aVideoThatComesOutLargerSaysWhyInTheResultAndItsHeader() throws Exception {
        // 40 kb/s in all, less than web's 128 kb/s of AAC alone: no H.264 fits
        Path input = Fixtures.video("tiny.webm", "320x240", 15, 3, true, "-c:v", "libvpx", "-deadline", "realtime",
                "-cpu-used", "8", "-b:v", "24k", "-c:a", "libopus", "-b:a", "16k", "-f", "webm");
        Path target = Files.createTempFile("out", ".mp4");

        var summary = server.client().optimizeTo(input, "web", target);
        assertThat(summary.result().savedBytes()).isNegative();
        assertThat(summary.result().largerReason()).as("x-service-larger-reason")
                .startsWith("The input cannot be returned as it is (its vp8/opus in webm");

        Job job = server.client().optimizeAsJob(input, "web");
        assertThat(job.result().largerReason()).isEqualTo(summary.result().largerReason());
        assertThat(server.client().optimizeAsJob(Fixtures.mp4WithAudio(), "web").result().largerReason()).isNull();
    }

    @Test
    void aVideosResultGivesTheOutputsBitrateAnImagesDoesNot() throws Exception {
        Path target = Files.createTempFile("out", ".mp4");
        var summary = server.client().optimizeTo(Fixtures.mp4WithoutAudio(), "mobile", target);
        JsonNode probe = Probe.of(target);
        assertThat(summary.result().outputBitrate()).as("x-service-output-bitrate")
                .isEqualTo(Math.round(Files.size(target) * 8 / summary.result().outputDurationSec()))
                .isCloseTo(probe.path("format").path("bit_rate").asLong(), withinPercentage(1));

        Job job = server.client().optimizeAsJob(Fixtures.mp4WithoutAudio(), "mobile");
        assertThat(job.result().outputBitrate())
                .isEqualTo(Math.round(job.result().outputBytes() * 8 / job.result().outputDurationSec()));
        assertThat(server.client().optimizeAsJob(Fixtures.png(), "mobile").result().outputBitrate()).isNull();
    }

    @Test
    void movAndWebmInputsBecomeMp4() throws Exception {
        for (Path input : new Path[]{Fixtures.mov(), Fixtures.webm()}) {
            Path target = Files.createTempFile("out", ".mp4");
            var summary = server.client().optimizeTo(input, "web", target);
            assertThat(summary.result().strategy()).isEqualTo("video-mp4-h264");
            JsonNode probe = Probe.of(target);
            assertThat(probe.path("format").path("format_name").asText()).contains("mp4");
            assertThat(Probe.stream(probe, "audio")).isNotNull();
            assertThat(Files.size(target)).isLessThan(Files.size(input));
        }
    }

    @Test
    void videoWithoutAudioStaysWithoutAudio() throws Exception {
        Path target = Files.createTempFile("out", ".mp4");
        server.client().optimizeTo(Fixtures.mp4WithoutAudio(), "mobile", target);
        JsonNode probe = Probe.of(target);
        assertThat(Probe.stream(probe, "audio")).isNull();
        assertThat(Probe.stream(probe, "video").path("width").asInt()).isEqualTo(960);
    }

    @Test
    void acceptJsonAnswersWithTheDoneJobWhoseOutputCanBeDownloaded() throws Exception {
        Job job = server.client().optimizeAsJob(Fixtures.png(), "mobile");
        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        assertThat(job.preset()).isEqualTo("mobile");
        assertThat(job.result().strategy()).isEqualTo("image-webp");
        assertThat(job.downloadUrl()).isEqualTo(server.baseUrl() + "/media/jobs/" + job.jobId() + "/download");

        Path target = Files.createTempFile("dl", ".webp");
        var download = server.client().download(job.jobId(), target);
        assertThat(download.contentType()).isEqualTo("image/webp");
        assertThat(download.filename()).isEqualTo("screen.webp");
        assertThat(Files.size(target)).isEqualTo(job.result().outputBytes());
    }

    @Test
    void usageCountsEachOptimizationOnceAndTotalsRideOnEveryResponse() {
        Usage before = server.client().getUsage();
        Optimization o = server.client().optimize(Fixtures.png(), "web");
        Usage after = server.client().getUsage();

        assertThat(after.totalJobs()).isEqualTo(before.totalJobs() + 1);
        assertThat(after.totalInputBytes() - before.totalInputBytes()).isEqualTo(o.summary().inputBytes());
        assertThat(after.totalOutputBytes() - before.totalOutputBytes()).isEqualTo(o.result().outputBytes());
        assertThat(after.totalSavedBytes() - before.totalSavedBytes()).isEqualTo(o.result().savedBytes());
        assertThat(after.totalSavedBytes()).isEqualTo(after.totalInputBytes() - after.totalOutputBytes());
        assertThat(o.totals().totalJobs()).isGreaterThanOrEqualTo(before.totalJobs() + 1);
    }

    @Test
    void uploadsLeaveNoTemporaryFilesBehind() throws Exception {
        server.client().optimize(Fixtures.png(), "web");
        try (var files = Files.list(server.outputDir().resolve("uploads"))) {
            assertThat(files.toList()).isEmpty();
        }
        try (var files = Files.list(server.outputDir().resolve("work"))) {
            assertThat(files.toList()).isEmpty();
        }
    }

    private static String imageSize(byte[] content, String type) throws Exception {
        Path file = Files.write(Files.createTempFile("img", "." + type.substring(6)), content);
        return VipsCommand.size(file);
    }

    static int indexOf(byte[] data, String needle) {
        byte[] n = needle.getBytes();
        outer:
        for (int i = 0; i + n.length <= data.length; i++) {
            for (int j = 0; j < n.length; j++) if (data[i + j] != n[j]) continue outer;
            return i;
        }
        return -1;
    }
}
