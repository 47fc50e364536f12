package io.mediaopt.jobs;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The slots tell the dispatcher of each slot lent or given back, so it takes it without waiting
 * for its next look, and a job taking its slot back after a wait still goes before the dispatcher.
 */
class EncodingSlotsTest {
    @Test
    void aSlotLentOrGivenBackWakesTheDispatcherAndOneItFoundNoWorkForDoesNot() throws Exception {
        EncodingSlots slots = new EncodingSlots(1);
        AtomicInteger freed = new AtomicInteger();
        slots.whenFreed(freed::incrementAndGet);
        slots.acquireForDispatch();
        slots.returnUnused();
        assertThat(freed).hasValue(0);

        slots.acquireForDispatch();
        slots.heldBy("job");
        slots.whileWaiting("job", () -> {
            assertThat(freed).as("lent").hasValue(1);
            assertThat(slots.tryAcquire(0)).as("the lent slot is free").isTrue();
            slots.release();
            assertThat(freed).as("a unit's slot given back").hasValue(2);
            return null;
        });
        assertThat(slots.busy()).isEqualTo(1);
        slots.releasedBy("job");
        assertThat(freed).as("the job's slot given back").hasValue(3);
        assertThat(slots.busy()).isZero();
    }

    @Test
    void aJobTakingItsSlotBackGoesBeforeTheDispatcher() throws Exception {
        EncodingSlots slots = new EncodingSlots(1);
        List<String> order = new CopyOnWriteArrayList<>();
        slots.acquireForDispatch();
        slots.heldBy("job");
        Thread job = Thread.currentThread();
        Thread dispatcher = Thread.ofPlatform().unstarted(() -> {
            try {
                slots.acquireForDispatch();
                order.add("dispatcher");
                slots.returnUnused();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread unit = Thread.ofPlatform().unstarted(() -> {
            // the unit ends once the job waits to take its slot back, the dispatcher before it
            awaitWaiting(job);
            slots.release();
        });
        slots.whileWaiting("job", () -> {
            assertThat(slots.tryAcquire(0)).as("a unit takes the lent slot").isTrue();
            dispatcher.start();
            awaitWaiting(dispatcher);
            unit.start();
            return null;
        });
        order.add("job");
        slots.releasedBy("job");
        dispatcher.join();
        unit.join();
        assertThat(order).containsExactly("job", "dispatcher");
        assertThat(slots.busy()).isZero();
    }

    private static void awaitWaiting(Thread thread) {
        while (thread.getState() != Thread.State.WAITING) Thread.onSpinWait();
    }
}
