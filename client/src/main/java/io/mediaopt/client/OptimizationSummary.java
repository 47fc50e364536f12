package io.mediaopt.client;

/**
 * The metadata of a synchronous optimization, read from the response headers: the preset
 * applied, the input size, the result and the service's running totals.
 */
public record OptimizationSummary(String preset, long inputBytes, Result result, Totals totals) {}
