package io.mediaopt;

import java.time.Duration;
import java.util.function.Predicate;

/**
 * Waiting, bounded, for something another thread or process does: asks again and again (every
 * 10 ms at first, at most every 200 ms) until the answer is the awaited one or the time is up.
 */
public final class Eventually {
    private static final long FIRST_PAUSE_MS = 10;
    private static final long LONGEST_PAUSE_MS = 200;

    private Eventually() {}

    /** A question asked while waiting; what it throws ends the wait. */
    @FunctionalInterface
    public interface Probe<T> {
        T ask() throws Exception;
    }

    /** Waits until {@code condition} holds; fails with "never: {@code what}" when time is up. */
    public static void until(Duration timeout, String what, Probe<Boolean> condition) throws Exception {
        if (!await(timeout, condition, Boolean.TRUE::equals)) throw new AssertionError("never: " + what);
    }

    /**
     * Asks {@code probe} until {@code done} accepts its answer, and returns that answer; when time
     * is up, returns the last answer, for the caller to assert on.
     */
    public static <T> T await(Duration timeout, Probe<T> probe, Predicate<? super T> done) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        long pause = FIRST_PAUSE_MS;
        while (true) {
            T answer = probe.ask();
            if (done.test(answer) || System.nanoTime() - deadline >= 0) return answer;
            Thread.sleep(pause);
            pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
        }
    }
}
