package io.mediaopt.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ShellWordsTest {

    @Test
    void splitsQuotedWordsAsAShellWould() {
        assertThat(ShellWords.split("ffmpeg -i 'file:/work/in put:1.mov' -vf 'scale='\\''trunc(min(iw,1920)/2)*2'\\'':-2' "
                + "-map '0:a:0?' \"a \\\"b\\\"\" plain\\ word ''"))
                .containsExactly("ffmpeg", "-i", "file:/work/in put:1.mov", "-vf", "scale='trunc(min(iw,1920)/2)*2':-2",
                        "-map", "0:a:0?", "a \"b\"", "plain word", "");
    }

    @Test
    void readsTheLastLoggedCommandOfAStrategyAndRetargetsIt() {
        List<String> log = List.of(
                "10:00:00.000 DEBUG VideoOptimizer - ffmpeg command for video-mp4-h264: ffmpeg -i file:/a -crf 23 file:/x.mp4",
                "10:00:01.000 DEBUG VideoOptimizer - ffmpeg command for video-webm-vp9: ffmpeg -i file:/b file:/y.webm",
                "10:00:02.000 DEBUG VideoOptimizer - ffmpeg command for video-mp4-h264: ffmpeg -i file:/c -crf 26 file:/z.mp4"
                        + " [jobId=063d9cdc, requestId=5e1d]",
                "10:00:03.000 INFO  JobProcessor - job done");
        List<String> logged = RawVideoCommand.lastLogged(log, "video-mp4-h264").orElseThrow();
        assertThat(logged).containsExactly("ffmpeg", "-i", "file:/c", "-crf", "26", "file:/z.mp4");
        assertThat(RawVideoCommand.retarget(logged, Path.of("/in.mp4"), Path.of("/out.mp4")).args())
                .containsExactly("ffmpeg", "-i", "file:/in.mp4", "-crf", "26", "file:/out.mp4");
        assertThat(RawVideoCommand.lastLogged(log, "video-webm-av1")).isEmpty();
    }

    @Test
    void readsTheAllFigureOfFfmpegsSsimLine() {
        String log = "[Parsed_ssim_4 @ 0x55] SSIM Y:0.981234 (17.26) U:0.990000 (20.0) V:0.991000 (20.4) All:0.984567 (18.1)\n";
        assertThat(Ssim.parse(log)).isEqualTo(0.984567);
    }
}
