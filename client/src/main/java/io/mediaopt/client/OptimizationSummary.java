package io.mediaopt.client;

/**
 * The metadata of a synchronous optimization, read from the response headers: the preset
 * applied, the input size, the result, the service's running totals and the options the request
 * asked for ({@code x-service-requested-*}; {@link OptimizeOptions#DEFAULT} when none).
 */
public record OptimizationSummary(String preset, long inputBytes, Result result, Totals totals,
                                  OptimizeOptions requested) {}
