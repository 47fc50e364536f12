package io.mediaopt.jobs;

import io.mediaopt.ServiceException;
import io.mediaopt.ErrorCode;

import java.time.Clock;
import java.time.Duration;

/**
 * Waits for a queued job to end on whichever node processes it, for a synchronous request on a
 * node that does not encode. A job no node picked up within the queue timeout is withdrawn
 * (503 busy), as a request waiting for a local encoder would be.
 */
public final class JobWaiter {
    private static final Duration POLL = Duration.ofMillis(200);

    private final JobStore store;
    private final JobFailures failures;
    private final Clock clock;
    private final Duration queueTimeout;
    private final Duration processingLimit;

    public JobWaiter(JobStore store, JobFailures failures, Clock clock, Duration queueTimeout, Duration processingLimit) {
        this.store = store;
        this.failures = failures;
        this.clock = clock;
        this.queueTimeout = queueTimeout;
        this.processingLimit = processingLimit;
    }

    public Job awaitEnd(String id) {
        long pickUpBy = clock.millis() + queueTimeout.toMillis();
        long endBy = pickUpBy + processingLimit.toMillis();
        while (true) {
            Job job = store.find(id).orElseThrow(() -> Jobs.notFound(id));
            switch (job.state().status()) {
                case DONE -> {
                    return job;
                }
                case FAILED -> throw ServiceException.recorded(job.state().errorCode(), job.state().errorMessage());
                case PENDING -> {
                    if (clock.millis() > pickUpBy
                            && failures.fail(job, ErrorCode.BUSY, "No encoder was free: no node took the job within the queue timeout", null)) {
                        throw BusyException.encodersBusy(queueTimeout);
                    }
                }
                case PROCESSING -> {
                    if (clock.millis() > endBy) {
                        throw ServiceException.recorded(ErrorCode.TIMEOUT, "The job did not finish in time");
                    }
                }
            }
            sleep();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BusyException("The request was interrupted while waiting for its job", 1);
        }
    }
}
