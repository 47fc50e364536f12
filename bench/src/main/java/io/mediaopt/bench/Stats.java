package io.mediaopt.bench;

import java.util.List;

/**
 * Summary figures of a handful of samples. Percentiles use the nearest-rank method: with the
 * few samples a bench run takes, p95 is the largest or second largest value, never a blend.
 */
public record Stats(int count, double min, double median, double p95, double max) {

    public static Stats of(List<Double> samples) {
        if (samples.isEmpty()) throw new IllegalArgumentException("Expected at least one sample but received none");
        double[] sorted = samples.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new Stats(sorted.length, sorted[0], median(sorted), nearestRank(sorted, 95), sorted[sorted.length - 1]);
    }

    /** The middle value, or the mean of the two middle values of an even count. */
    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The smallest value with at least {@code percent} % of the samples at or below it. */
    static double nearestRank(double[] sorted, int percent) {
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }
}
