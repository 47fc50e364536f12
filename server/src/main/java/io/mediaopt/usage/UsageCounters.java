package io.mediaopt.usage;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Lifetime totals of this process, kept in memory and reset by a restart (docs/api.md, GET /api/usage).
 * Every successful optimization, synchronous or not, is recorded exactly once.
 */
public final class UsageCounters {
    private final AtomicLong jobs = new AtomicLong();
    private final AtomicLong inputBytes = new AtomicLong();
    private final AtomicLong outputBytes = new AtomicLong();
    private final AtomicLong savedBytes = new AtomicLong();

    public void record(long input, long output) {
        inputBytes.addAndGet(input);
        outputBytes.addAndGet(output);
        savedBytes.addAndGet(input - output);
        jobs.incrementAndGet();
    }

    public UsageSnapshot snapshot() {
        return new UsageSnapshot(jobs.get(), inputBytes.get(), outputBytes.get(), savedBytes.get());
    }
}
