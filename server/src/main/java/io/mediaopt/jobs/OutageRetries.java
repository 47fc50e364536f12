package io.mediaopt.jobs;

import io.mediaopt.ServiceException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.function.BooleanSupplier;

/**
 * What becomes of a queued job whose attempt met an outage: it goes back to the queue, and the
 * node takes no new job until the dependencies answer ({@link OutageGate}); with its attempts
 * spent, it fails with the outage's code.
 */
final class OutageRetries {
    private static final Logger log = LoggerFactory.getLogger(OutageRetries.class);

    private final JobStore store;
    private final OutageGate gate;
    private final JobFailures failures;
    private final Clock clock;
    private final WorkerSettings settings;

    OutageRetries(JobStore store, OutageGate gate, JobFailures failures, Clock clock, WorkerSettings settings) {
        this.store = store;
        this.gate = gate;
        this.failures = failures;
        this.clock = clock;
        this.settings = settings;
    }

    /**
     * A database that does not take the job back now is asked again while the lease lasts (and
     * {@code running} holds); after that, the job is claimed again like any whose lease ran out.
     */
    void waitOut(Job job, ServiceException outage, BooleanSupplier running) {
        gate.close(outage);
        if (job.state().attempts() >= settings.maxAttempts()) {
            fail(job, outage);
            return;
        }
        long giveUpAt = clock.millis() + settings.lease().toMillis();
        while (running.getAsBoolean() && clock.millis() < giveUpAt) {
            try {
                if (store.requeue(job.id(), job.state().leaseOwner(), clock.millis())) {
                    log.warn("job {} met an outage ({}: {}); queued again after attempt {} of {}", job.id(),
                            outage.code(), outage.getMessage(), job.state().attempts(), settings.maxAttempts());
                }
                return;
            } catch (RuntimeException stillOut) {
                try {
                    Thread.sleep(OutageGate.LONGEST_PAUSE.toMillis());
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private void fail(Job job, ServiceException outage) {
        try {
            failures.fail(job, outage.errorCode(), outage.getMessage() + " (after " + job.state().attempts() + " attempts)",
                    null);
        } catch (RuntimeException e) {
            log.warn("cannot record the failure of job {}; it ends when its lease runs out", job.id(), e);
        }
    }
}
