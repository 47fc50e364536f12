package io.mediaopt;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * A health check's answer (or failure) kept for a while. Asking ffmpeg and ffprobe for their
 * versions starts two processes; under load, and with monitors polling, /api/health would
 * compete for the CPU with the encoders it reports on and slow down exactly when it is needed.
 */
public final class CachedCheck<T> implements Callable<T> {
    private final Duration freshFor;
    private final Callable<T> check;
    private Answer<T> last;

    public CachedCheck(Duration freshFor, Callable<T> check) {
        this.freshFor = freshFor;
        this.check = check;
    }

    private record Answer<T>(long atNanos, T value, Exception failure) {}

    /** Takes {@code failure} as the answer from now on, as if the check had just met it. */
    public synchronized void failedWith(Exception failure) {
        last = new Answer<>(System.nanoTime(), null, failure);
    }

    /** Concurrent callers wait for the one that refreshes the answer rather than all running the check. */
    @Override
    public synchronized T call() throws Exception {
        if (last == null || System.nanoTime() - last.atNanos() > freshFor.toNanos()) return refresh();
        if (last.failure() != null) throw last.failure();
        return last.value();
    }

    /** Runs the check now, however fresh the last answer is, and keeps what it gives. */
    public synchronized T refresh() throws Exception {
        long now = System.nanoTime();
        try {
            last = new Answer<>(now, check.call(), null);
        } catch (Exception e) {
            last = new Answer<>(now, null, e);
            throw e;
        }
        return last.value();
    }
}
