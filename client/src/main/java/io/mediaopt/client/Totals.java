package io.mediaopt.client;

/**
 * The lifetime counters the service puts on its successful responses
 * ({@code x-service-total-jobs}, {@code x-service-total-bytes-saved}); null when a header was
 * missing, so a caller can tell "not sent" from zero.
 */
public record Totals(Long totalJobs, Long totalBytesSaved) {}
