package io.mediaopt.video;

import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A ladder chunk's rungs as its row holds them, and the options each rung's stream is encoded
 * with; which chunks start with x264's buffer where a one-piece encode holds it.
 */
class ChunkLadderTest {

    @Test
    void theRowsTextGivesBackTheLadder() {
        ChunkLadder ladder = new ChunkLadder(true, List.of(new ChunkLadder.Rung(360, 900),
                new ChunkLadder.Rung(540, 2000))).withFrameSec(1 / 30.0);
        assertThat(ChunkLadder.parse(ladder.text())).isEqualTo(ladder);
        assertThat(ChunkLadder.parse(null)).isNull();
    }

    @Test
    void aChunksFirstFrameIsPlacedJustAfterItsSeek() {
        ChunkLadder ladder = new ChunkLadder(false, List.of(new ChunkLadder.Rung(360, 900))).withFrameSec(0.04);
        assertThat(ladder.startSec(0)).isZero();
        // seeks land half a frame before the key frame (ChunkPlan): 6.00 s is the frame, plus a quarter of slack
        assertThat(ladder.startSec(5_980_000)).isCloseTo(6.01, within(1e-9));
    }

    @Test
    void eachRungsOptionsApplyToItsOwnStream() {
        assertThat(RungCodec.forStream(List.of("-c:v", "libx264", "-crf", "23", "-profile:v", "high"), 1))
                .containsExactly("-c:v:1", "libx264", "-crf:v:1", "23", "-profile:v:1", "high");
        assertThat(RungCodec.h264(23, 900, 2, 6.025, true)).contains("expr:gte(t,4*(n_forced+2)-6.025000)");
        assertThat(RungCodec.h264(23, 900, 2)).contains("expr:gte(t,n_forced*4)");
        // SVT-AV1 takes forced key frames only when told to
        assertThat(RungCodec.av1(10, 38, 900, 2, 6.025)).contains("expr:gte(t,4*(n_forced+2)-6.025000)")
                .contains("lp=2:keyint=4s:enable-force-key-frames=1");
        assertThat(RungCodec.av1(10, 38, 900, 2)).contains("expr:gte(t,n_forced*4)");
    }

    @Test
    void onlyAnH264ChunkAfterTheFirstStartsWithX264sBufferWhereOnePieceHasIt() {
        VideoSettings web = Presets.standard().find("web").orElseThrow().video();
        Path in = Path.of("/work/in.mp4");
        Path out = Path.of("/work/chunk.mp4");
        String partlyFull = "vbv-init=0.55";
        assertThat(ChunkArguments.chunk("ffmpeg", in, out, Strategy.VIDEO_MP4_H264, web, 1000, 2, 0, 120))
                .doesNotContain(partlyFull);
        assertThat(ChunkArguments.chunk("ffmpeg", in, out, Strategy.VIDEO_MP4_H264, web, 1000, 2, 3_983_333, 120))
                .containsSequence("-x264-params", partlyFull);
        assertThat(ChunkArguments.chunk("ffmpeg", in, out, Strategy.VIDEO_MP4_AV1, web, 1000, 2, 3_983_333, 120))
                .doesNotContain(partlyFull);

        ChunkLadder ladder = new ChunkLadder(false, List.of(new ChunkLadder.Rung(360, 900),
                new ChunkLadder.Rung(540, 2000))).withFrameSec(1 / 30.0);
        assertThat(ChunkArguments.ladderChunk("ffmpeg", in, out, ladderChunk(0, 0, ladder), 1000, 2))
                .doesNotContain(partlyFull);
        assertThat(ChunkArguments.ladderChunk("ffmpeg", in, out, ladderChunk(1, 3_983_333, ladder), 1000, 2))
                .containsSequence("-x264-params:v:0", partlyFull).containsSequence("-x264-params:v:1", partlyFull);
    }

    private static Chunk ladderChunk(int index, long seekMicros, ChunkLadder ladder) {
        return new Chunk("c" + index, "job", "hls-video-mp4-h264", index, "source", seekMicros, 120,
                Strategy.VIDEO_MP4_H264, 23, 0, 0, 0, ladder, ChunkStatus.PENDING, null);
    }
}
