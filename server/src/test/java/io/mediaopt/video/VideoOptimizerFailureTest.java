package io.mediaopt.video;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Progress;
import io.mediaopt.media.QueueDeadline;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Limits, timeouts, fallbacks and failures: each ends with a stable code and an empty work dir. */
@Integration
class VideoOptimizerFailureTest {
    @TempDir
    static Path fixtures;
    @TempDir
    Path workDir;

    static ProcessRunner runner;
    static Path clip;

    @BeforeAll
    static void start() throws Exception {
        runner = new ProcessRunner();
        clip = Fixtures.highBitrateMp4("clip.mp4", "640x360", 2, true);
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    private static VideoOptimizer optimizer(Limits limits) {
        return new VideoOptimizer(new VideoTools("ffmpeg", "ffprobe", runner), limits, 1);
    }

    private static Limits limits(long maxPixels, int maxSeconds, Duration videoTimeout) {
        Limits l = Videos.LIMITS;
        return new Limits(l.maxInputBytes(), maxPixels, l.maxAnimationFrames(), maxSeconds,
                l.ffprobeTimeout(), l.imageTimeout(), videoTimeout);
    }

    private static Preset web() {
        return Presets.standard().find("web").orElseThrow();
    }

    private static Preset custom(int audioKbps, Strategy... strategies) {
        return new Preset("custom", "test", null, new VideoSettings(640, 30, 1000, audioKbps, List.of(strategies)));
    }

    @Test
    void tooManyPixelsIsLimitExceededAndTheEncodeStartedBesideTheProbeDies() {
        VideoOptimizer strict = optimizer(limits(640L * 360 - 1, 1800, Duration.ofSeconds(240)));
        assertFails(() -> strict.optimize(clip, Videos.sniff(clip), web(), workDir), "limit-exceeded", 422)
                .hasMessageContaining("640x360");
        assertNoEncoderLeft();
    }

    @Test
    void av1AskedOfAPictureUnder64PixelsASideSaysSoBeforeAnyEncode() throws Exception {
        Path tiny = Fixtures.video("tiny.mp4", "96x48", 25, 1, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
        VideoOptimizer optimizer = optimizer(limits(Long.MAX_VALUE, 1800, Duration.ofSeconds(240)));
        Preset av1 = new Preset("web", "AV1", null, web().video().asAv1());
        assertFails(() -> optimizer.optimize(tiny, Videos.sniff(tiny), av1, workDir), "encode-failed", 422)
                .hasMessageContaining("64 pixels a side").hasMessageContaining("96×48");
        assertNoEncoderLeft();
    }

    @Test
    void tooLongIsLimitExceededAndTheEncodeStartedBesideTheProbeDies() throws Exception {
        // long enough that its encode is still running when the probe refuses it
        Path longer = Fixtures.highBitrateMp4("twelve-seconds.mp4", "1280x720", 12, true);
        VideoOptimizer strict = optimizer(limits(100_000_000L, 1, Duration.ofSeconds(240)));
        long started = System.nanoTime();
        assertFails(() -> strict.optimize(longer, Videos.sniff(longer), web(), workDir), "limit-exceeded", 422)
                .hasMessageContaining("over the limit of 1 s");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("refused without encoding it all")
                .isLessThan(Duration.ofSeconds(5));
        assertNoEncoderLeft();
    }

    @Test
    void theEncoderRefusesFramesOverThePixelLimitWithoutTheProbe() throws Exception {
        Path output = workDir.resolve("out.mp4");
        List<String> command = FfmpegArguments.encode("ffmpeg", clip, output, Strategy.VIDEO_MP4_H264,
                web().video(), 640L * 360 - 1, 2);
        ProcessResult run = runner.run(command, Duration.ofSeconds(60));
        assertThat(run.succeeded()).isFalse();
        assertThat(run.stderrTail()).contains("exceeds specified max pixel count");
    }

    @Test
    void whileTheEncoderIsBusyAFileOverTheLimitsIsRefusedWithoutWaitingForIt() throws Exception {
        VideoOptimizer shared = optimizer(limits(640L * 360, 1800, Duration.ofSeconds(240)));
        Path large = Fixtures.highBitrateMp4("large.mp4", "1280x720", 1, false);
        whileAnotherVideoEncodes(shared, "busy", () ->
                assertFails(() -> shared.optimize(large, Videos.sniff(large), web(), workDir), "limit-exceeded", 422));
    }

    @Test
    void whileTheEncoderIsBusyAWaitPastTheQueueDeadlineEndsWithWhatTheDeadlineThrows() throws Exception {
        VideoOptimizer shared = optimizer(limits(100_000_000L, 1800, Duration.ofSeconds(240)));
        Path small = Fixtures.highBitrateMp4("waiting.mp4", "320x180", 1, false);
        QueueDeadline soon = QueueDeadline.startingNow(Duration.ofMillis(200),
                () -> new IllegalStateException("the queue deadline passed"));
        whileAnotherVideoEncodes(shared, "busy-deadline", () ->
                assertThatThrownBy(() -> shared.optimize(small, Videos.sniff(small), web(), workDir, Progress.IGNORED,
                        soon)).isInstanceOf(IllegalStateException.class).hasMessage("the queue deadline passed"));
    }

    /**
     * Runs {@code check} while the one encoder of {@code shared} works on a 30 s clip, and is still
     * at it after; the clip is made once for every test that needs an encoder busy.
     */
    private void whileAnotherVideoEncodes(VideoOptimizer shared, String name, Runnable check) throws Exception {
        Path busy = Fixtures.highBitrateMp4("busy.mp4", "640x360", 30, false);
        Path otherWork = Files.createDirectories(fixtures.resolve(name + "-work"));
        try (ExecutorService background = Executors.newSingleThreadExecutor()) {
            Future<?> encoding = background.submit(() -> shared.optimize(busy, Videos.sniff(busy), web(), otherWork));
            Eventually.until(Duration.ofSeconds(60), "the other video encoding",
                    () -> !Videos.liveEncoders().isEmpty() || encoding.isDone());
            check.run();
            assertThat(encoding).as("checked while the other video still encodes").isNotDone();
            assertThat(encoding.get().toString()).isNotEmpty();
        }
    }

    @Test
    void anEncodingPastTheVideoTimeoutIsKilledAndLeavesNothing() throws Exception {
        Path longer = Fixtures.highBitrateMp4("longer.mp4", "1280x720", 4, true);
        VideoOptimizer hasty = optimizer(limits(100_000_000L, 1800, Duration.ofMillis(300)));

        long started = System.nanoTime();
        assertFails(() -> hasty.optimize(longer, Videos.sniff(longer), web(), workDir), "timeout", 504);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
        assertNoEncoderLeft();
    }

    @Test
    void aFileWithOnlyAudioIsUnsupported() throws Exception {
        Path m4a = fixtures.resolve("song.m4a");
        Videos.run(List.of("ffmpeg", "-nostdin", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", m4a.toString()));
        assertFails(() -> optimizer(Videos.LIMITS).optimize(m4a, Videos.sniff(m4a), web(), workDir),
                "unsupported-type", 415)
                .hasMessage("The file has no video stream");
    }

    @Test
    void aCorruptFileIsUnreadable() throws Exception {
        byte[] head = Files.readAllBytes(clip);
        Path corrupt = Files.write(fixtures.resolve("corrupt.mp4"), Arrays.copyOf(head, 2000));
        assertFails(() -> optimizer(Videos.LIMITS).optimize(corrupt, Videos.sniff(corrupt), web(), workDir),
                "unreadable-media", 422);
    }

    @Test
    void whenTheFirstStrategyFailsTheNextOneIsUsed() throws Exception {
        // libopus refuses 600 kb/s, the AAC encoder takes it: the WebM attempt fails, the MP4 one works
        var result = optimizer(Videos.LIMITS)
                .optimize(clip, Videos.sniff(clip), custom(600, Strategy.VIDEO_WEBM_VP9, Strategy.VIDEO_MP4_H264), workDir);

        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_MP4_H264);
        try (var files = Files.list(workDir)) {
            assertThat(files.toList()).containsExactly(result.output());
        }
    }

    @Test
    void whenEveryStrategyFailsItIsEncodeFailedWithAShortMessage() {
        assertFails(() -> optimizer(Videos.LIMITS).optimize(clip, Videos.sniff(clip),
                        custom(600, Strategy.VIDEO_WEBM_VP9, Strategy.VIDEO_WEBM_AV1), workDir),
                "encode-failed", 422)
                .hasMessage("The video could not be encoded");
    }

    @Test
    void anInputAlreadyDeliverableIsReturnedWhenTheEncodingWouldBeLarger() throws Exception {
        Path tiny = Fixtures.video("tiny.mp4", "320x240", 25, 2, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "45", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-b:a", "24k", "-movflags", "+faststart");

        var result = optimizer(Videos.LIMITS).optimize(tiny, Videos.sniff(tiny), web(), workDir);

        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_ORIGINAL);
        assertThat(result.output()).isEqualTo(tiny);
        assertThat(result.contentType()).isEqualTo("video/mp4");
        assertThat(result.extension()).isEqualTo("mp4");
        assertThat(result.outputWidth()).isEqualTo(result.inputWidth()).isEqualTo(320);
        assertThat(result.outputDurationSec()).isEqualTo(result.inputDurationSec());
        assertThat(workDir).isEmptyDirectory();
    }

    @Test
    void anInputInAnotherFormatIsConvertedWithinItsSizeWhenThePresetsSettingsComeOutLarger() throws Exception {
        Path tinyMov = Fixtures.video("tiny.mov", "320x240", 25, 2, false,
                "-c:v", "mpeg4", "-q:v", "31", "-f", "mov");

        var result = optimizer(Videos.LIMITS).optimize(tinyMov, Videos.sniff(tinyMov), web(), workDir);

        // at web's own cap the H.264 came out larger; with its bitrate held to the input's it fits
        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_MP4_H264);
        assertThat(Files.size(result.output())).isLessThan(Files.size(tinyMov));
        assertThat(result.largerReason()).isNull();
    }

    private static void assertNoEncoderLeft() {
        assertThat(Videos.liveEncoders()).isEmpty();
        assertThat(runner.runningCount()).isZero();
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertFails(
            ThrowingCallable call, String code, int status) {
        var failure = assertThatThrownBy(call)
                .isInstanceOfSatisfying(MediaException.class, e -> {
                    assertThat(e.code()).isEqualTo(code);
                    assertThat(e.status()).isEqualTo(status);
                    assertThat(e.getMessage()).doesNotContain("/").doesNotContainIgnoringCase("ffmpeg");
                });
        assertThat(workDir).as("nothing partial is left").isEmptyDirectory();
        return failure;
    }
}
