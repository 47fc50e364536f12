package io.mediaopt.usage;

/** The usage object of interface.md 2.4. */
public record UsageSnapshot(long totalJobs, long totalInputBytes, long totalOutputBytes, long totalSavedBytes) {}
