package io.mediaopt.client;

/** Lifetime counters of the service since its last restart, from {@code GET /api/usage}. */
public record Usage(long totalJobs, long totalInputBytes, long totalOutputBytes, long totalSavedBytes) {}
