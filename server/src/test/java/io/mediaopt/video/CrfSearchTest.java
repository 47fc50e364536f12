package io.mediaopt.video;

import io.mediaopt.Integration;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.VideoQuality;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The per-video CRF search (SERVICE_VIDEO_QUALITY=auto) with the real ffmpeg. */
@Integration
class CrfSearchTest {
    @TempDir
    static Path fixtures;
    @TempDir
    Path workDir;

    static ProcessRunner runner;
    static VideoOptimizer auto;
    static VideoOptimizer fixed;
    static Path still;
    static Path noisy;
    static Path shortStill;

    @BeforeAll
    static void start() throws Exception {
        runner = new ProcessRunner();
        VideoTools tools = new VideoTools("ffmpeg", "ffprobe", runner);
        auto = new VideoOptimizer(tools, Videos.LIMITS, 1, VideoQualityMode.AUTO);
        fixed = new VideoOptimizer(tools, Videos.LIMITS, 1, VideoQualityMode.FIXED);
        // a slide: colour bars with a small box creeping across them
        still = clip("still.mp4", "smptehdbars=s=640x360:r=25", "drawbox=x='t*10':y=300:w=60:h=30:color=white:t=fill", 30);
        // grain that changes every frame over a moving pattern: nothing for the encoder to reuse
        noisy = clip("noisy.mp4", "testsrc2=s=640x360:r=25", "noise=alls=30:allf=t+u", 30);
        shortStill = clip("short-still.mp4", "smptehdbars=s=640x360:r=25", "drawbox=x='t*10':y=300:w=60:h=30:color=white:t=fill", 20);
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    private static Path clip(String name, String source, String filter, int seconds) throws Exception {
        Path out = fixtures.resolve(name);
        Videos.run(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", source, "-f", "lavfi", "-i", "sine=f=440:sample_rate=48000",
                "-vf", filter + ",format=yuv420p", "-t", Integer.toString(seconds),
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-c:a", "aac", "-b:a", "128k",
                "-shortest", out.toString()));
        return out;
    }

    private static Preset web() {
        return Presets.standard().find("web").orElseThrow();
    }

    private Optimized optimize(VideoOptimizer optimizer, Path clip, String dir) throws Exception {
        Path out = Files.createDirectories(workDir.resolve(dir));
        return optimizer.optimize(clip, Videos.sniff(clip), web(), out);
    }

    @Test
    void anEasyStillClipGetsAHigherCrfAndFewerBytesThanANoisyOne() throws Exception {
        VideoQuality bounds = web().video().quality();
        Optimized easy = optimize(auto, still, "easy");
        Optimized hard = optimize(auto, noisy, "hard");
        Optimized easyFixed = optimize(fixed, still, "easy-fixed");

        assertThat(easy.crf()).isGreaterThan(hard.crf()).isBetween(bounds.minCrf(), bounds.maxCrf());
        assertThat(hard.crf()).isBetween(bounds.minCrf(), bounds.maxCrf());
        assertThat(easyFixed.crf()).isEqualTo(web().video().crf());
        assertThat(Files.size(easy.output())).isLessThan(Files.size(easyFixed.output()));
        assertThat(easy.outputDurationSec()).isCloseTo(30.0, within(0.2));
        // the samples are gone: only the output stays
        try (Stream<Path> left = Files.list(easy.output().getParent())) {
            assertThat(left).containsExactly(easy.output());
        }
    }

    @Test
    void aShortClipIsNotSearchedAndKeepsThePresetsCrf() throws Exception {
        Optimized result = optimize(auto, shortStill, "short");

        // the same still picture, thirty seconds long, is searched up past the preset's CRF
        assertThat(result.crf()).isEqualTo(web().video().crf());
        assertThat(searches(20.0, new FrameSize(640, 360))).isFalse();
        assertThat(searches(30.0, new FrameSize(640, 360))).isTrue();
    }

    @Test
    void aPictureTooLargeForTheReferenceOrOfUnknownSizeIsNotSearched() {
        assertThat(searches(60.0, new FrameSize(1920, 1080))).isTrue();
        assertThat(searches(60.0, new FrameSize(1080, 1920))).isTrue();
        assertThat(searches(60.0, new FrameSize(1920, 2160))).as("twice 1080p, the largest").isTrue();
        // 1920 x 52 000 passes the input pixel limit: 36 raw frames of it would be 5.4 GB
        assertThat(searches(60.0, new FrameSize(1920, 52_000))).isFalse();
        assertThat(searches(60.0, new FrameSize(1920, 2162))).isFalse();
        assertThat(CrfSearch.searches(web().video(), web().video().strategies().getFirst(), SourcePicture.UNPROBED, 60.0,
                Optional.empty())).isFalse();
    }

    private static boolean searches(double durationSec, FrameSize output) {
        return CrfSearch.searches(web().video(), web().video().strategies().getFirst(), SourcePicture.UNPROBED,
                durationSec, Optional.of(output));
    }

    @Test
    void aFailedReferenceFallsBackToThePresetsCrf() throws Exception {
        Path out = Files.createDirectories(workDir.resolve("blocked"));
        // a directory where the reference would go: ffmpeg cannot write it
        Files.writeString(Files.createDirectories(out.resolve("crf-reference.mkv")).resolve("keep"), "x");
        Optimized result = auto.optimize(still, Videos.sniff(still), web(), out);

        assertThat(result.crf()).isEqualTo(web().video().crf());
        assertThat(result.outputDurationSec()).isCloseTo(30.0, within(0.2));
        assertThat(Files.size(result.output())).isPositive();
    }

    @Test
    void aSampleThatCannotBeEncodedHasNoScore() throws Exception {
        Path broken = Files.write(workDir.resolve("crf-reference.mkv"), new byte[]{0x1a, 0x45, (byte) 0xdf, (byte) 0xa3, 1});
        CrfSearch search = new CrfSearch(new VideoTools("ffmpeg", "ffprobe", runner), Videos.LIMITS.maxInputPixels());

        assertThat(search.worstSample(broken, web().video().strategies().getFirst(), web().video().withCrf(27),
                SourcePicture.UNPROBED, System.nanoTime() + 60_000_000_000L)).isEmpty();
        assertThat(runner.runningCount()).as("both ends of the pipe are gone").isZero();
    }

    @Test
    void theWorstSampleIsTheLowestMeanOfItsFrames() {
        String stats = """
                n:1 Y:0.990000 U:0.99 V:0.99 All:0.990000 (20.0)
                n:2 Y:0.980000 U:0.98 V:0.98 All:0.980000 (17.0)
                n:3 Y:0.950000 U:0.95 V:0.95 All:0.950000 (13.0)
                n:4 Y:0.970000 U:0.97 V:0.97 All:0.970000 (15.2)
                n:5 Y:0.999000 U:0.99 V:0.99 All:0.999000 (30.0)
                """;
        assertThat(CrfSearch.worst(stats, 2).orElseThrow()).isCloseTo(0.96, within(1e-9));
        assertThat(CrfSearch.worst("", 2)).isEmpty();
    }
}
