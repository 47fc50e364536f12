package io.mediaopt.http;

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

    /** Concurrent callers wait for the one that refreshes the answer rather than all running the check. */
    @Override
    public synchronized T call() throws Exception {
        long now = System.nanoTime();
        if (last == null || now - last.atNanos() > freshFor.toNanos()) {
            try {
                last = new Answer<>(now, check.call(), null);
            } catch (Exception e) {
                last = new Answer<>(now, null, e);
            }
        }
        if (last.failure() != null) throw last.failure();
        return last.value();
    }
}
