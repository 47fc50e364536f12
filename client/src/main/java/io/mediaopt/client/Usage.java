package io.mediaopt.client;

/**
 * Lifetime counters of the service since its last restart, from {@code GET /api/usage}, over every
 * key; {@code key}, when the service has API keys, the same counts for the caller's key alone
 * (null otherwise).
 */
public record Usage(long totalJobs, long totalInputBytes, long totalOutputBytes, long totalSavedBytes, Key key) {

    /** Counters without a key's own. */
    public Usage(long totalJobs, long totalInputBytes, long totalOutputBytes, long totalSavedBytes) {
        this(totalJobs, totalInputBytes, totalOutputBytes, totalSavedBytes, null);
    }

    /** The counts of one key: its name (as the service's key list gives it) and its jobs' bytes. */
    public record Key(String name, long jobs, long inputBytes, long outputBytes, long savedBytes) {}
}
