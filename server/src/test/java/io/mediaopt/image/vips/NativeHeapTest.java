package io.mediaopt.image.vips;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** The heap is trimmed once the images stop, not after each one; the idle wait is the executor's. */
class NativeHeapTest {
    private final List<Runnable> waiting = new ArrayList<>();
    private final AtomicInteger trims = new AtomicInteger();
    private final NativeHeap heap = new NativeHeap(waiting::add, trims::incrementAndGet);

    @Test
    void trimsAfterTheLastImageInFlightEnds() {
        heap.imageStarts();
        heap.imageStarts();
        heap.imageEnds();
        assertThat(waiting).isEmpty();

        heap.imageEnds();
        idleTimePasses();
        assertThat(trims).hasValue(1);
    }

    @Test
    void anImageStartedWhileIdleTimePassesKeepsThePages() {
        heap.imageStarts();
        heap.imageEnds();
        heap.imageStarts();
        idleTimePasses();
        assertThat(trims).hasValue(0);

        heap.imageEnds();
        idleTimePasses();
        assertThat(trims).hasValue(1);
    }

    @Test
    void anImageThatCameAndWentWhileIdleTimePassesWaitsForItsOwnTurn() {
        heap.imageStarts();
        heap.imageEnds();
        Runnable first = waiting.removeFirst();
        heap.imageStarts();
        heap.imageEnds();

        first.run();
        assertThat(trims).hasValue(0);
        idleTimePasses();
        assertThat(trims).hasValue(1);
    }

    @Test
    void callsTheCLibrarysTrim() {
        assertThatCode(NativeHeap::mallocTrim).doesNotThrowAnyException();
    }

    private void idleTimePasses() {
        List<Runnable> due = new ArrayList<>(waiting);
        waiting.clear();
        due.forEach(Runnable::run);
    }
}
