package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.media.OptimizationResult;

/**
 * Where a job stands, as the job store moves it on: {@code inputKey} names the stored input of a
 * queued job (null when nothing is stored: for a synchronous job, whose input lives only for its
 * request, and once an ended job's input is deleted); {@code outputKey} the stored output once done; {@code leaseOwner}
 * the node processing it; {@code progress} how far its encoding has got, 0 to 100 (100 once done).
 */
public record JobState(
        JobStatus status,
        String inputKey,
        int attempts,
        long createdAt,
        long updatedAt,
        Long completedAt,
        OptimizationResult result,
        String outputKey,
        ErrorCode errorCode,
        String errorMessage,
        String leaseOwner,
        Long leaseUntil,
        int progress) {

    /** A job just accepted, its input stored under {@code inputKey}, before any worker has seen it. */
    public static JobState pending(String inputKey, long now) {
        return new JobState(JobStatus.PENDING, inputKey, 0, now, now, null, null, null, null, null, null, null, 0);
    }

    /** This state once the job is marked done at {@code now} with its result stored under {@code outputKey}. */
    public JobState done(OptimizationResult doneResult, String doneOutputKey, long now) {
        return new JobState(JobStatus.DONE, inputKey, attempts, createdAt, now, now, doneResult, doneOutputKey, null, null,
                null, null, 100);
    }

    /** A synchronous job: processed by the request that created it, from the start, under a lease. */
    public static JobState processingNow(JobStore.Lease lease, long now) {
        return new JobState(JobStatus.PROCESSING, null, 1, now, now, null, null, null, null, null, lease.owner(),
                lease.until(), 0);
    }
}
