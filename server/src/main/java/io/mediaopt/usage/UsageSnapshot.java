package io.mediaopt.usage;

/** The usage object of docs/api.md (GET /api/usage). */
public record UsageSnapshot(long totalJobs, long totalInputBytes, long totalOutputBytes, long totalSavedBytes) {}
