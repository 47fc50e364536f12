package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.media.OptimizationResult;

import java.util.Optional;

/**
 * Where a job stands, as the job store moves it on: {@code inputKey} names the stored input of a
 * queued job (null when nothing is stored: for a synchronous job, whose input lives only for its
 * request, and once an ended job's input is deleted); {@code lease} the node processing it and
 * until when; {@code outcome} how it ended, once it has; {@code progress} how far its encoding has
 * got, 0 to 100 (100 once done). The accessors below read the parts for the callers that ask for
 * one value (null when the part is absent).
 */
public record JobState(
        JobStatus status,
        String inputKey,
        int attempts,
        long createdAt,
        long updatedAt,
        Optional<JobStore.Lease> lease,
        Optional<JobOutcome> outcome,
        int progress) {

    /** A job just accepted, its input stored under {@code inputKey}, before any worker has seen it. */
    public static JobState pending(String inputKey, long now) {
        return new JobState(JobStatus.PENDING, inputKey, 0, now, now, Optional.empty(), Optional.empty(), 0);
    }

    /** This state once the job is marked done at {@code now} with its result stored under {@code outputKey}. */
    public JobState done(OptimizationResult doneResult, String doneOutputKey, long now) {
        return new JobState(JobStatus.DONE, inputKey, attempts, createdAt, now, Optional.empty(),
                Optional.of(new JobOutcome.Done(now, doneResult, doneOutputKey)), 100);
    }

    /** A synchronous job: processed by the request that created it, from the start, under a lease. */
    public static JobState processingNow(JobStore.Lease lease, long now) {
        return new JobState(JobStatus.PROCESSING, null, 1, now, now, Optional.of(lease), Optional.empty(), 0);
    }

    /** When the job ended (ms); null while it has not. */
    public Long completedAt() {
        return outcome.map(JobOutcome::completedAt).orElse(null);
    }

    /** The result of a done job; null otherwise. */
    public OptimizationResult result() {
        return outcome.orElse(null) instanceof JobOutcome.Done done ? done.result() : null;
    }

    /** Where a done job's output is stored; null otherwise. */
    public String outputKey() {
        return outcome.orElse(null) instanceof JobOutcome.Done done ? done.outputKey() : null;
    }

    /** Why a failed job failed; null otherwise. */
    public ErrorCode errorCode() {
        return outcome.orElse(null) instanceof JobOutcome.Failed failed ? failed.code() : null;
    }

    /** What a failed job's error says; null otherwise. */
    public String errorMessage() {
        return outcome.orElse(null) instanceof JobOutcome.Failed failed ? failed.message() : null;
    }

    /** The node processing the job; null when none holds it. */
    public String leaseOwner() {
        return lease.map(JobStore.Lease::owner).orElse(null);
    }

    /** Until when (ms) the node processing the job holds it; null when none does. */
    public Long leaseUntil() {
        return lease.map(JobStore.Lease::until).orElse(null);
    }
}
