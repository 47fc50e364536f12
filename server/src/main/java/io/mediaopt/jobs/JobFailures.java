package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import io.mediaopt.metrics.ServiceMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;

/**
 * The one way a job fails: it is marked failed in the job store, counted in the metrics, and
 * logged with its id and code. Every place that ends a job with a failure goes through here, so
 * no failure is recorded without being counted, or counted twice.
 */
public final class JobFailures {
    private static final Logger log = LoggerFactory.getLogger(JobFailures.class);

    private final JobStore store;
    private final ServiceMetrics metrics;
    private final Clock clock;

    public JobFailures(JobStore store, ServiceMetrics metrics, Clock clock) {
        this.store = store;
        this.metrics = metrics;
        this.clock = clock;
    }

    /**
     * Fails the job while its lease (if any) is still this node's: a job with a lease owner
     * must still be processing under it, one without must still be pending. Returns whether it
     * was failed here; a job that has moved on meanwhile is left as it is, and not counted.
     * {@code cause} is logged with its stack unless it is a failure of the request (below 500).
     */
    public boolean fail(Job job, ErrorCode code, String message, Throwable cause) {
        if (cause == null || cause instanceof ServiceException se && se.status() < 500) {
            log.warn("job {} failed: {} {}", job.id(), code.wireName(), message);
        } else {
            log.warn("job {} failed: {} {}", job.id(), code.wireName(), message, cause);
        }
        boolean failed = store.markFailed(job.id(), job.state().leaseOwner(), code, message, clock.millis());
        if (failed) metrics.jobFailures(code, 1);
        return failed;
    }

    /** Counts jobs the job store failed as {@code interrupted} by themselves (it logs each one). */
    public void interrupted(int count) {
        if (count > 0) metrics.jobFailures(ErrorCode.INTERRUPTED, count);
    }
}
