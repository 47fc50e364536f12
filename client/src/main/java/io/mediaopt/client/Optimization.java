package io.mediaopt.client;

/**
 * A synchronous optimization held in memory: the optimized file's bytes and what the service
 * said about them. Use {@link MediaoptClient#optimizeTo} for outputs too big to hold.
 */
public record Optimization(OptimizationSummary summary, byte[] content) {

    public Result result() {
        return summary.result();
    }

    public Totals totals() {
        return summary.totals();
    }
}
