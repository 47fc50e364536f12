package io.mediaopt.renditions;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.Limits;
import io.mediaopt.media.Presets;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.ProcessRunner;
import io.mediaopt.video.VideoTools;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The AV1 source judged against the H.264 beside it with real ffmpeg: at the web preset's AV1
 * setting it stays; at a setting far worse than the H.264, even after the retry
 * {@value VideoSources#RETRY_CRF_STEP} CRF lower, it is left out and the H.264 source says why.
 */
@Integration
class VideoSourcesTest {
    static final Limits LIMITS = new Limits(125829120L, 100_000_000L, 1000, 1800,
            Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(240));
    private static ProcessRunner runner;
    private static VideoSources sources;
    private static Path clip;

    @BeforeAll
    static void start() {
        runner = new ProcessRunner();
        sources = new VideoSources(new VideoTools("ffmpeg", "ffprobe", runner), LIMITS, 2);
        clip = Fixtures.video("judged.mp4", "640x360", 25, 3, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    private static VideoSettings web() {
        return Presets.standard().find("web").orElseThrow().video();
    }

    @Test
    void theWebPresetsAv1StandsBesideItsH264(@TempDir Path dir) throws Exception {
        List<Made> made = sources.make(clip, web(), 3.0, dir);

        assertThat(made).extracting(m -> m.rendition().name()).containsExactly(VideoSources.AV1, VideoSources.H264);
        assertThat(made).allSatisfy(m -> assertThat(m.rendition().av1Omitted()).isNull());
        assertThat(dir.resolve("sources")).isDirectoryNotContaining("glob:**.rgb");
    }

    @Test
    void anAv1WorseThanItsH264EvenOneStepHigherIsLeftOutWithTheReason(@TempDir Path dir) throws Exception {
        VideoSettings web = web();
        VideoSettings starved = new VideoSettings(web.maxWidth(), web.crf(), web.maxBitrateKbps(),
                web.audioBitrateKbps(), web.strategies(), web.quality(), new Av1Settings(10, 63, 20));

        List<Made> made = sources.make(clip, starved, 3.0, dir);

        assertThat(made).extracting(m -> m.rendition().name()).containsExactly(VideoSources.H264);
        assertThat(made.getFirst().rendition().av1Omitted())
                .startsWith("AV1 at CRF " + (63 - VideoSources.RETRY_CRF_STEP) + " was worse than H.264")
                .contains("SSIM").contains("SSIMULACRA 2");
        assertThat(dir.resolve("sources").resolve(VideoSources.AV1)).doesNotExist();
        assertThat(Files.exists(made.getFirst().file())).isTrue();
        assertThat(VideoSnippet.of(made.stream().map(m -> m.rendition().withUrl("/h264.mp4")).toList()).orElseThrow())
                .contains("/h264.mp4").doesNotContain("av01");
    }

    @Test
    void aPictureTooSmallForSvtAv1GetsItsH264SourceAndTheReason(@TempDir Path dir) throws Exception {
        Path tiny = Fixtures.video("tiny.mp4", "96x48", 25, 2, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");

        List<Made> made = sources.make(tiny, web(), 2.0, dir);

        assertThat(made).extracting(m -> m.rendition().name()).containsExactly(VideoSources.H264);
        assertThat(made.getFirst().rendition().av1Omitted()).isEqualTo(Av1Settings.TOO_SMALL);
    }
}
