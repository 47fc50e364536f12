package io.mediaopt.video;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Uploads that the preset's format comes out larger for at the preset's settings, and that
 * cannot be returned as they are: encoded again within the input's size, or said to be larger.
 */
@Integration
class LargerOutputTest {
    @TempDir
    Path workDir;

    /** A browser's MediaRecorder WebM: VP8 and Opus at a low bitrate. */
    static Path mediaRecorderWebm() {
        return Fixtures.video("recorder.webm", "640x480", 30, 4, true, "-c:v", "libvpx", "-deadline", "realtime",
                "-cpu-used", "8", "-b:v", "300k", "-c:a", "libopus", "-b:a", "32k", "-f", "webm");
    }

    /** An odd-sized 1279x719 VP9 WebM at a low bitrate (VP9 holds odd sizes in 4:2:0; H.264 and HEVC do not). */
    static Path oddVp9Webm() {
        return Fixtures.video("odd.webm", "1279x719", 30, 4, true, "-c:v", "libvpx-vp9", "-deadline", "realtime",
                "-cpu-used", "8", "-b:v", "500k", "-pix_fmt", "yuv420p", "-c:a", "libopus", "-b:a", "64k", "-f", "webm");
    }

    static Stream<Path> inputs() {
        return Stream.of(mediaRecorderWebm(), oddVp9Webm());
    }

    @ParameterizedTest
    @MethodSource("inputs")
    void theWebPresetsH264IsEncodedAgainWithinTheInputsSize(Path input) throws Exception {
        ProbeReport in = Videos.probe(input);
        Optimized result = Videos.optimize(input, "web", workDir);

        long before = Files.size(input);
        long after = Files.size(result.output());
        System.out.printf("%s: %d bytes -> %d bytes under web%n", input.getFileName(), before, after);
        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_MP4_H264);
        assertThat(after).isLessThan(before);
        assertThat(result.largerReason()).isNull();
        assertThat(result.outputDurationSec()).isCloseTo(in.duration().orElseThrow(), within(0.1));
        assertThat(result.crf()).isEqualTo(23);
        try (Stream<Path> left = Files.list(workDir)) {
            assertThat(left).containsExactly(result.output());
        }
    }

    @Test
    void anInputTooSmallForThePresetsAudioComesOutLargerAndSaysWhy() throws Exception {
        // 40 kb/s in all: less than the preset's 128 kb/s of AAC alone
        Path input = Fixtures.video("tiny.webm", "320x240", 15, 3, true, "-c:v", "libvpx", "-deadline", "realtime",
                "-cpu-used", "8", "-b:v", "24k", "-c:a", "libopus", "-b:a", "16k", "-f", "webm");

        Optimized result = Videos.optimize(input, "web", workDir);

        assertThat(Files.size(result.output())).isGreaterThan(Files.size(input));
        assertThat(result.largerReason()).contains("vp8/opus in webm is not an encoding the preset delivers")
                .contains("video-mp4-h264");
    }
}
