package io.mediaopt.video;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class EncodeProgressTest {
    final List<Integer> reported = new ArrayList<>();
    final EncodeProgress progress = new EncodeProgress(reported::add);

    @Test
    void measuresTheWrittenTimeAgainstTheDuration() {
        progress.durationKnown(4.0);
        progress.accept("frame=0");
        progress.accept("out_time_us=N/A");
        progress.accept("out_time_us=1000000");
        progress.accept("out_time=00:00:01.000000");
        progress.accept("out_time_us=3000000");
        assertThat(reported).containsExactly(25, 75);
    }

    @Test
    void aVideoInChunksCountsItsChunksDone() {
        progress.chunksDone(0, 12);
        progress.chunksDone(3, 12);
        progress.chunksDone(12, 12);
        progress.chunksDone(1, 0);
        assertThat(reported).containsExactly(0, 24, 99);
    }

    @Test
    void keepsOneHundredForTheStoredOutput() {
        progress.durationKnown(2.0);
        progress.accept("out_time_us=2040000");
        assertThat(reported).containsExactly(99);
    }

    @Test
    void reportsWhatWasWrittenOnceTheProbeTellsTheDuration() {
        progress.accept("out_time_us=1500000");
        assertThat(reported).isEmpty();
        progress.durationKnown(3.0);
        assertThat(reported).containsExactly(50);
    }

    @Test
    void anUnknownLengthReportsNothing() {
        progress.durationKnown(0);
        progress.accept("out_time_us=1500000");
        assertThat(reported).isEmpty();
    }

    @Test
    void linesArriveWholeWhateverTheChunksAndAFailingListenerIsDropped() {
        List<String> lines = new ArrayList<>();
        LineSplitter splitter = new LineSplitter(lines::add);
        byte[] report = "frame=1\r\nout_time_us=5\nprogress=end\n".getBytes(StandardCharsets.UTF_8);
        for (byte b : report) splitter.write(new byte[] {b}, 1);
        assertThat(lines).containsExactly("frame=1", "out_time_us=5", "progress=end");

        List<String> seen = new ArrayList<>();
        LineSplitter failing = new LineSplitter(line -> {
            seen.add(line);
            throw new IllegalStateException("database down");
        });
        byte[] two = "a\nb\n".getBytes(StandardCharsets.UTF_8);
        failing.write(two, two.length);
        assertThat(seen).containsExactly("a");
    }
}
