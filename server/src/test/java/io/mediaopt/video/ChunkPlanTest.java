package io.mediaopt.video;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ChunkPlanTest {

    /** ffprobe's compact listing of {@code frames} frames at {@code fps}, key frames every {@code gop}, in decode order with B-frames. */
    private static String listing(int frames, double fps, int gop, double start) {
        int[] order = new int[frames];
        for (int i = 0; i < frames; i++) order[i] = i;
        // decode order swaps pairs of frames between key frames, as B-frames do: the plan sorts by time
        for (int i = 1; i + 1 < frames; i += 2) {
            if (i % gop != 0 && (i + 1) % gop != 0) {
                order[i] = i + 1;
                order[i + 1] = i;
            }
        }
        StringBuilder out = new StringBuilder();
        for (int shown : order) {
            out.append(String.format(Locale.ROOT, "packet|pts_time=%.6f|flags=%s%n", start + shown / fps,
                    shown % gop == 0 ? "K_" : "__"));
        }
        return out.append(String.format(Locale.ROOT, "format|start_time=%.6f%n", start)).toString();
    }

    @Test
    void cutsAtTheFirstKeyFrameAChunkAfterTheLastCut() {
        ChunkPlan plan = ChunkPlan.of(listing(360, 30, 60, 0), 4).orElseThrow();
        assertThat(plan.spans()).extracting(ChunkPlan.Span::frames).containsExactly(120, 120, 120);
        assertThat(plan.frames()).isEqualTo(360);
        // half a frame before each key frame: rounding can only land on the frame before, which is dropped
        // (to the microsecond ffprobe prints times to)
        assertThat(plan.spans().get(0).seekMicros()).isZero();
        assertThat(plan.spans().get(1).seekMicros()).isCloseTo(3_983_333L, within(2L));
        assertThat(plan.spans().get(2).seekMicros()).isCloseTo(7_983_333L, within(2L));
    }

    @Test
    void aLaddersFirstCutComesTwoSegmentsInWhereverTheSourcesKeyFramesAre() {
        // 60 s at 25 fps, key frames every 10 s, chunks of 15 s: the first cut at 8 s, between key
        // frames, then at the first key frame 15 s after it
        ChunkPlan plan = ChunkPlan.of(listing(1500, 25, 250, 0), 15, 8).orElseThrow();
        assertThat(plan.spans()).extracting(ChunkPlan.Span::frames).containsExactly(200, 550, 500, 250);
        assertThat(plan.spans().get(1).seekMicros()).isCloseTo(7_980_000L, within(2L));
        // one segment in, as a ladder cuts: on the 4 s mark, the first segment whole in the first chunk
        ChunkPlan oneSegment = ChunkPlan.of(listing(1500, 25, 250, 0), 15, 4).orElseThrow();
        assertThat(oneSegment.spans()).extracting(ChunkPlan.Span::frames).containsExactly(100, 400, 500, 500);
        assertThat(oneSegment.spans().get(1).seekMicros()).isCloseTo(3_980_000L, within(2L));
        // key frames closer than that: the plan is the one without the early cut
        assertThat(ChunkPlan.of(listing(360, 30, 60, 0), 4, 8).orElseThrow().spans())
                .isEqualTo(ChunkPlan.of(listing(360, 30, 60, 0), 4).orElseThrow().spans());
    }

    @Test
    void anAv1LaddersCutsFallOnTheSegmentsMarksWhereverTheSourcesKeyFramesAre() {
        // 60 s at 30 fps, key frames every 2.4 s, chunks of 10 s on marks every 4 s: the first cut at
        // 8 s (frame 240, four of SVT-AV1's rate windows), then at the first mark 10 s after (20 s), ...
        ChunkPlan plan = ChunkPlan.of(listing(1800, 30, 72, 0), 10, 8, 4).orElseThrow();
        assertThat(plan.spans()).extracting(ChunkPlan.Span::frames).containsExactly(240, 360, 360, 360, 480);
        assertThat(plan.spans().get(1).seekMicros()).isCloseTo(7_983_333L, within(2L));
        assertThat(plan.spans().get(2).seekMicros()).isCloseTo(19_983_333L, within(2L));
        // marks count from the container's start, as a one-piece encode's forced key frames do
        assertThat(ChunkPlan.of(listing(1800, 30, 72, 1.4), 10, 8, 4).orElseThrow().spans())
                .isEqualTo(plan.spans());
        // at 25 fps a mark is 100 frames: only every third (300 frames, 12 s) starts a rate window
        assertThat(ChunkPlan.of(listing(1500, 25, 60, 0), 10, 8, 4).orElseThrow().spans())
                .extracting(ChunkPlan.Span::frames).containsExactly(300, 300, 300, 300, 300);
    }

    @Test
    void seeksFromTheContainersStart() {
        ChunkPlan plan = ChunkPlan.of(listing(360, 30, 60, 1.4), 4).orElseThrow();
        assertThat(plan.spans().get(1).seekMicros()).isCloseTo(3_983_333L, within(2L));
    }

    @Test
    void leavesNoChunkShorterThanHalfAtTheEnd() {
        // 13 s: a cut at 12 s would leave 1 s, under half of 4 s
        ChunkPlan plan = ChunkPlan.of(listing(390, 30, 60, 0), 4).orElseThrow();
        assertThat(plan.spans()).extracting(ChunkPlan.Span::frames).containsExactly(120, 120, 150);
    }

    @Test
    void aVariableFrameRateOrASingleChunkIsEncodedInOnePiece() {
        String variable = listing(300, 30, 60, 0).replace("pts_time=5.000000", "pts_time=5.020000");
        assertThat(ChunkPlan.of(variable, 4)).isEmpty();
        assertThat(ChunkPlan.of(listing(300, 30, 300, 0), 4)).as("one key frame").isEmpty();
        assertThat(ChunkPlan.of("packet|pts_time=N/A|flags=K_\n", 4)).isEmpty();
    }

    @Test
    void framesTheEditListDropsAreNotCounted() {
        String listing = "packet|pts_time=-0.033333|flags=KD\n" + listing(360, 30, 60, 0);
        Optional<ChunkPlan> plan = ChunkPlan.of(listing, 4);
        assertThat(plan.map(ChunkPlan::frames)).contains(360);
        assertThat(plan.orElseThrow().spans()).hasSize(3);
        assertThat(List.of(plan.orElseThrow().spans().getFirst().seekMicros())).containsExactly(0L);
    }

    @Test
    void timesRoundedToTheMillisecondAreAConstantRate() {
        // WebM at 30 fps: steps of 33 and 34 ms, from 7 ms (Opus's pre-skip moved the video)
        StringBuilder webm = new StringBuilder();
        for (int i = 0; i < 360; i++) {
            webm.append(String.format(Locale.ROOT, "packet|pts_time=%.6f|flags=%s%n",
                    (7 + Math.round(i * 1000 / 30.0)) / 1000.0, i % 60 == 0 ? "K_" : "__"));
        }
        ChunkPlan plan = ChunkPlan.of(webm + "format|start_time=0.000000\n", 4).orElseThrow();
        assertThat(plan.spans()).extracting(ChunkPlan.Span::frames).containsExactly(120, 120, 120);
        assertThat(plan.spans().get(1).seekMicros()).isCloseTo(3_990_333L, within(1_000L));
    }
}
