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
    private boolean refreshingBehind;

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
        if (last == null || isStale(last)) return refresh();
        if (last.failure() != null) throw last.failure();
        return last.value();
    }

    /**
     * {@link #call} for a caller on a request's path: a stale answer that was a success is given
     * at once and asked again on a thread of its own, so no request waits for a look while the
     * last one was fine (a call that then fails reports it by {@link #failedWith}); a failure, or
     * no answer yet, is asked again first, as {@link #call} does.
     */
    public T callRefreshingBehind() throws Exception {
        synchronized (this) {
            if (last != null && last.failure() == null) {
                if (isStale(last) && !refreshingBehind) {
                    refreshingBehind = true;
                    Thread.ofVirtual().name("check-refresh").start(this::refreshBehind);
                }
                return last.value();
            }
        }
        return call();
    }

    /** Asks outside the lock, so callers meanwhile get the last answer; one met elsewhere since stands. */
    private void refreshBehind() {
        long now = System.nanoTime();
        Answer<T> answer;
        try {
            answer = new Answer<>(now, check.call(), null);
        } catch (Exception e) {
            answer = new Answer<>(now, null, e);
        }
        synchronized (this) {
            if (last == null || last.atNanos() - now <= 0) last = answer;
            refreshingBehind = false;
        }
    }

    private boolean isStale(Answer<T> answer) {
        return System.nanoTime() - answer.atNanos() > freshFor.toNanos();
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
