package io.mediaopt.client;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Polls a job until it is done or failed. Polls start 100 ms apart and slow to one a second, so
 * quick image jobs return quickly without hammering the service during long video jobs. A 503
 * with Retry-After (busy, or an outage of the service's database or storage) is waited out
 * within the timeout; the job it answered about is not lost.
 */
final class JobPolling {
    private static final Duration FIRST_POLL_DELAY = Duration.ofMillis(100);
    private static final Duration MAX_POLL_DELAY = Duration.ofSeconds(1);

    private JobPolling() {}

    /**
     * The job in its end state, read with {@code getJob}.
     *
     * @throws MediaoptTimeoutException if the job is still running when {@code timeout} elapses
     */
    static Job untilEnded(Function<String, Job> getJob, String jobId, Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        long deadline = System.nanoTime() + timeout.toNanos();
        Duration delay = FIRST_POLL_DELAY;
        while (true) {
            Duration pause = delay;
            try {
                Job job = getJob.apply(jobId);
                if (job.terminal()) {
                    return job;
                }
                if (deadline - System.nanoTime() <= 0) {
                    throw new MediaoptTimeoutException(job, timeout);
                }
            } catch (MediaoptApiException e) {
                // busy, or its job database or storage out for a while: the job is kept, so wait as asked
                if (!passing(e) || deadline - System.nanoTime() <= 0) throw e;
                pause = max(delay, Duration.ofSeconds(e.retryAfterSeconds().getAsLong()));
            }
            sleep(Math.min(pause.toNanos(), Math.max(0, deadline - System.nanoTime())), jobId);
            delay = min(delay.multipliedBy(2), MAX_POLL_DELAY);
        }
    }

    /** A 503 with Retry-After: the service will answer again, and nothing of the job is lost. */
    private static boolean passing(MediaoptApiException e) {
        return e.status() == 503 && e.retryAfterSeconds().isPresent();
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static void sleep(long nanos, String jobId) {
        try {
            Thread.sleep(Duration.ofNanos(nanos));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MediaoptInterruptedException("Interrupted while waiting for job " + jobId, e);
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
