package io.mediaopt.usage;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Lifetime totals of this process, kept in memory and reset by a restart (docs/api.md, GET /api/usage),
 * overall and per API key name. Every successful optimization, synchronous or not, is recorded exactly once.
 */
public final class UsageCounters {
    private final Counters total = new Counters();
    private final Map<String, Counters> byKeyName = new ConcurrentHashMap<>();

    /** Counts one optimization, also under {@code keyName} (the key that submitted it) when not null. */
    public void record(String keyName, long input, long output) {
        total.add(input, output);
        if (keyName != null) byKeyName.computeIfAbsent(keyName, name -> new Counters()).add(input, output);
    }

    public UsageSnapshot snapshot() {
        return total.snapshot();
    }

    /** The counts of the jobs the key of this name submitted; zero when it submitted none. */
    public UsageSnapshot snapshotOf(String keyName) {
        Counters counters = byKeyName.get(keyName);
        return counters == null ? new UsageSnapshot(0, 0, 0, 0) : counters.snapshot();
    }

    private static final class Counters {
        private final AtomicLong jobs = new AtomicLong();
        private final AtomicLong inputBytes = new AtomicLong();
        private final AtomicLong outputBytes = new AtomicLong();
        private final AtomicLong savedBytes = new AtomicLong();

        void add(long input, long output) {
            inputBytes.addAndGet(input);
            outputBytes.addAndGet(output);
            savedBytes.addAndGet(input - output);
            jobs.incrementAndGet();
        }

        UsageSnapshot snapshot() {
            return new UsageSnapshot(jobs.get(), inputBytes.get(), outputBytes.get(), savedBytes.get());
        }
    }
}
