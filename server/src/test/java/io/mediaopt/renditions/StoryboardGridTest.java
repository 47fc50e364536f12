package io.mediaopt.renditions;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StoryboardGridTest {
    @Test
    void atMostAHundredEqualCuesOfAtLeastASecondCoverTheWholeLength() {
        assertThat(layout(StoryboardGrid.of(180, 320, 180))).isEqualTo("100 tiles 10x10 of 256x144, 1.8 s");
        assertThat(layout(StoryboardGrid.of(3600, 1920, 1080))).isEqualTo("100 tiles 10x10 of 256x144, 36.0 s");
        assertThat(layout(StoryboardGrid.of(20.5, 1080, 1920))).isEqualTo("20 tiles 10x2 of 144x256, 1.025 s");
        assertThat(layout(StoryboardGrid.of(1.9, 160, 120))).isEqualTo("1 tiles 1x1 of 160x120, 1.9 s");
        assertThat(layout(StoryboardGrid.of(0.4, 4000, 10))).isEqualTo("1 tiles 1x1 of 256x1, 0.4 s");

        StoryboardGrid grid = StoryboardGrid.of(100.001, 640, 360);
        assertThat(grid.count()).isEqualTo(100);
        assertThat(grid.startMs(0)).isZero();
        for (int i = 1; i < grid.count(); i++) assertThat(grid.startMs(i)).isEqualTo(grid.endMs(i - 1));
        assertThat(grid.endMs(grid.count() - 1)).isEqualTo(100_001);
    }

    @Test
    void theWebVttNamesEachTileOfTheSheetByItsFragment() {
        String vtt = StoryboardVtt.text(StoryboardGrid.of(12, 320, 180), "storyboard.webp");
        assertThat(vtt).startsWith("""
                WEBVTT

                00:00:00.000 --> 00:00:01.000
                storyboard.webp#xywh=0,0,256,144

                00:00:01.000 --> 00:00:02.000
                storyboard.webp#xywh=256,0,256,144
                """).endsWith("""

                00:00:11.000 --> 00:00:12.000
                storyboard.webp#xywh=256,144,256,144
                """);
        assertThat(StoryboardVtt.timestamp(360_000_000 + 61_001)).isEqualTo("100:01:01.001");
    }

    @Test
    void theServedWebVttNamesTheSheetByItsUrlAndKeepsTheFragment() {
        String vtt = "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nstoryboard.webp#xywh=0,0,256,144\n";
        assertThat(PlaylistUris.rewrite(vtt, name -> name.equals("storyboard.webp") ? "https://b.example/s.webp?sig=a" : name))
                .isEqualTo("WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nhttps://b.example/s.webp?sig=a#xywh=0,0,256,144\n");
    }

    @Test
    void theSheetIsDrawnWithTheInputLockedDownAndOneTileACue() {
        List<String> args = StoryboardArguments.sheet("ffmpeg", Path.of("/w/in.mp4"), Path.of("/w/s.png"),
                StoryboardGrid.of(180, 320, 180), 1_000_000);
        assertThat(args).containsSubsequence("-i", "file:/w/in.mp4").contains("-protocol_whitelist")
                .containsSubsequence("-frames:v", "1");
        assertThat(args.get(args.indexOf("-vf") + 1)).contains("fps=fps=100000/180000:start_time=-0.900000:round=down",
                "scale=256:144", "tile=10x10:nb_frames=100");
    }

    private static String layout(StoryboardGrid grid) {
        return grid.count() + " tiles " + grid.columns() + "x" + grid.rows() + " of " + grid.tileWidth() + "x"
                + grid.tileHeight() + ", " + grid.intervalSec() + " s";
    }
}
