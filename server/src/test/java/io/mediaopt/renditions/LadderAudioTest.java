package io.mediaopt.renditions;

import io.mediaopt.Fixtures;
import io.mediaopt.video.ProcessRunner;
import io.mediaopt.video.VideoTools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A chunked ladder's first cuts take the audio's beginning, encoded a little past their end, in
 * place of the whole audio not yet encoded: up to their end its packets are the whole's, byte for
 * byte, so the segments listed early keep their bytes. An encode that stops at the cut's end
 * would not do: its last packets are flushed otherwise.
 */
class LadderAudioTest {
    private static final int KBPS = 128;

    @Test
    void theAudiosBeginningEncodedPastACutsEndHasTheWholesPacketsUpToIt(@TempDir Path tmp) throws Exception {
        Path clip = Fixtures.video("ladder-audio.mp4", "64x64", 10, 8, true, "-c:v", "libx264", "-preset",
                "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
        try (ProcessRunner runner = new ProcessRunner()) {
            VideoTools tools = new VideoTools("ffmpeg", "ffprobe", runner);
            LadderAudio audio = new LadderAudio(tools, VideoSourcesTest.LIMITS, tmp, "audio");
            audio.start(clip, KBPS);
            assertThat(audio.present()).isTrue();
            Optional<Path> whole = audio.whole();
            assertThat(whole).isPresent();
            List<String> wholePackets = packets(whole.get());

            double cutSec = 4.0;
            List<String> untilCut = packets(encodedUntil(tools, clip, tmp.resolve("until-cut.m4a"), cutSec));
            List<String> pastCut = packets(encodedUntil(tools, clip, tmp.resolve("past-cut.m4a"), cutSec + 1.0));
            // the packets that start before the cut, the one it splits included
            int beforeCut = (int) wholePackets.stream().filter(packet -> startSample(packet) < cutSec * 48_000).count();
            assertThat(beforeCut).isGreaterThan(150);
            assertThat(pastCut.subList(0, beforeCut)).as("a little past the cut: the whole's packets")
                    .isEqualTo(wholePackets.subList(0, beforeCut));
            assertThat(untilCut.subList(0, beforeCut)).as("stopped at the cut: its last packet flushed otherwise")
                    .isNotEqualTo(wholePackets.subList(0, beforeCut));
            audio.delete();
            assertThat(tmp.resolve("audio.m4a")).doesNotExist();
        }
    }

    @Test
    void aSourceWithoutAudioHasNone(@TempDir Path tmp) throws Exception {
        Path clip = Fixtures.video("ladder-silent.mp4", "64x64", 10, 2, false, "-c:v", "libx264", "-preset",
                "ultrafast", "-pix_fmt", "yuv420p");
        try (ProcessRunner runner = new ProcessRunner()) {
            LadderAudio audio = new LadderAudio(new VideoTools("ffmpeg", "ffprobe", runner), VideoSourcesTest.LIMITS,
                    tmp, "audio");
            assertThat(audio.present()).as("before it starts").isFalse();
            audio.start(clip, KBPS);
            assertThat(audio.present()).isFalse();
            assertThat(audio.whole()).isEmpty();
            audio.delete();
        }
    }

    private static Path encodedUntil(VideoTools tools, Path clip, Path out, double untilSec) {
        FfmpegRun.run(tools, HlsArguments.audio("ffmpeg", clip, out, KBPS, VideoSourcesTest.LIMITS.maxInputPixels(),
                untilSec), VideoSourcesTest.LIMITS.videoTimeout(), "audio until " + untilSec);
        return out;
    }

    private static long startSample(String packet) {
        return Long.parseLong(packet.split(",")[1].strip());
    }

    /** Each audio packet's time, size and digest. */
    private static List<String> packets(Path file) throws Exception {
        Process process = new ProcessBuilder("ffmpeg", "-v", "error", "-i", file.toString(), "-map", "0:a:0", "-c",
                "copy", "-f", "framemd5", "-").redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out.lines().filter(line -> !line.startsWith("#")).toList();
    }
}
