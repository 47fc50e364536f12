package io.mediaopt.video;

import io.mediaopt.ChunkedOutputs;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.media.Strategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * An HLS ladder's AV1 rungs in chunks with real ffmpeg and SVT-AV1, as a chunked ladder plans
 * and encodes them ({@link ChunkPlan} on the 4 s marks, {@link ChunkArguments#ladderChunk}):
 * joined by copying packets, the top rung has the frames and key frames of the one-piece encode
 * ({@link RungCodec#av1}), and its bytes and SSIM against the source.
 */
@Integration
class ChunkedAv1RungTest {
    private static final int FPS = 15;
    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static ProcessRunner runner;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        runner = new ProcessRunner();
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    @Test
    void theTopAv1RungJoinedFromChunksCutOnTheMarksMatchesItsOnePieceEncode() throws Exception {
        // 12 s at 540p, a key frame every 2.4 s; at 15 fps a segment is 60 frames, the window over
        // which SVT-AV1 holds a capped CRF to its cap, so a chunk's windows are the one-piece encode's
        Path clip = Fixtures.video("chunked-av1-rung.mp4", "960x540", FPS, 12, false, "-c:v", "libx264", "-preset",
                "ultrafast", "-g", "36", "-keyint_min", "36", "-sc_threshold", "0", "-crf", "20", "-pix_fmt", "yuv420p");
        ProcessResult packets = runner.run(ChunkArguments.packets("ffprobe", clip), TIMEOUT);
        ChunkPlan plan = ChunkPlan.of(packets.stdout(), 4, 8, RungCodec.KEY_FRAME_SEC).orElseThrow();
        assertThat(plan.spans()).as("cut on the marks at 4 and 8 s, between the source's key frames")
                .extracting(ChunkPlan.Span::frames).containsExactly(4 * FPS, 4 * FPS, 4 * FPS);

        ChunkLadder ladder = new ChunkLadder(false, List.of(new ChunkLadder.Rung(360, 900),
                new ChunkLadder.Rung(540, 2000))).withFrameSec(plan.frameSec());
        StringBuilder list = new StringBuilder("ffconcat version 1.0\n");
        for (int i = 0; i < plan.spans().size(); i++) {
            ChunkPlan.Span span = plan.spans().get(i);
            Chunk chunk = new Chunk("c" + i, "job", "hls-video-mp4-av1", i, "source", span.seekMicros(), span.frames(),
                    Strategy.VIDEO_MP4_AV1, 38, 0, 0, 10, ladder, ChunkStatus.PENDING, null);
            Path part = dir.resolve("part-" + i + ".mp4");
            run(ChunkArguments.ladderChunk("ffmpeg", clip, part, chunk, 100_000_000, 2));
            list.append("file '").append(part.getFileName()).append("'\n");
        }
        Files.writeString(dir.resolve("chunks.ffconcat"), list);
        Path chunked = dir.resolve("chunked.mp4");
        run(FfmpegCommand.ffmpeg("ffmpeg").chunkList(dir.resolve("chunks.ffconcat"))
                .add("-map", "0:v:1", "-c", "copy", "-f", "mp4").output(chunked).build());
        Path onePiece = dir.resolve("one-piece.mp4");
        run(FfmpegCommand.ffmpeg("ffmpeg").input(clip).add("-vf", "scale=-2:540")
                .add(RungCodec.av1(10, 38, 2000, 2)).add("-an", "-f", "mp4").output(onePiece).build());

        assertThat(ChunkedOutputs.frames(chunked)).isEqualTo(12 * FPS);
        assertThat(ChunkedOutputs.duration(chunked, "v:0")).isCloseTo(ChunkedOutputs.duration(onePiece, "v:0"),
                within(1.0 / FPS));
        assertThat(ChunkedOutputs.keyFrames(chunked)).as("a key frame on each mark, and none at the joins but those")
                .containsExactly(0, 4 * FPS, 8 * FPS).isEqualTo(ChunkedOutputs.keyFrames(onePiece));
        assertThat(ChunkedOutputs.ssim(chunked, clip)).isCloseTo(ChunkedOutputs.ssim(onePiece, clip), within(0.003));
        double onePieceBytes = Files.size(onePiece);
        assertThat((double) Files.size(chunked)).isCloseTo(onePieceBytes, within(0.03 * onePieceBytes));
    }

    private static void run(List<String> command) throws Exception {
        ProcessResult result = runner.run(new ArrayList<>(command), TIMEOUT);
        assertThat(result.succeeded()).as(command + "\n" + result.stderrTail()).isTrue();
    }
}
