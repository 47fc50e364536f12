package io.mediaopt.webhooks;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * When to try a delivery again: the base delay doubled after each attempt, capped at an hour,
 * and drawn at random from its upper half (jitter) so that the deliveries of many jobs that
 * failed together do not return together. None once the retry window after the job's end is
 * over.
 */
public final class Backoff {
    static final Duration CAP = Duration.ofHours(1);

    private final Duration base;
    private final Duration window;
    private final RandomGenerator random;

    public Backoff(Duration base, Duration window, RandomGenerator random) {
        this.base = base;
        this.window = window;
        this.random = random;
    }

    /** The time of the next attempt after {@code attempts} failed ones, or -1 to give up. */
    public long nextAttemptAt(int attempts, long queuedAt, long now) {
        long ceiling = CAP.toMillis();
        int doublings = Math.min(Math.max(attempts - 1, 0), 40);
        long delay = base.toMillis() > (ceiling >> doublings) ? ceiling : Math.min(ceiling, base.toMillis() << doublings);
        long jittered = delay / 2 + random.nextLong(delay / 2 + 1);
        long next = now + jittered;
        return next > queuedAt + window.toMillis() ? -1 : next;
    }
}
