package io.mediaopt.jobs;

import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Sniffed;

/**
 * One optimization as the job store keeps it. {@code inputKey} names the stored input of a
 * queued job (null for a synchronous one, whose input lives only for its request);
 * {@code outputKey} the stored output once done; {@code leaseOwner} the node processing it.
 */
public record Job(
        String id,
        JobStatus status,
        String preset,
        String filename,
        long inputBytes,
        Sniffed media,
        String inputKey,
        int attempts,
        long createdAt,
        long updatedAt,
        Long completedAt,
        OptimizationResult result,
        String outputKey,
        String errorCode,
        String errorMessage,
        String leaseOwner,
        Long leaseUntil) {

    /** A job just accepted, before any worker has seen it. */
    public static Job pending(String id, String preset, String filename, long inputBytes,
                              Sniffed media, String inputKey, long now) {
        return new Job(id, JobStatus.PENDING, preset, filename, inputBytes, media, inputKey,
                0, now, now, null, null, null, null, null, null, null);
    }

    /** A synchronous job: processed by the request that created it, from the start, under a lease. */
    public static Job processingNow(String id, String preset, String filename, long inputBytes,
                                    Sniffed media, JobStore.Lease lease, long now) {
        return new Job(id, JobStatus.PROCESSING, preset, filename, inputBytes, media, null,
                1, now, now, null, null, null, null, null, lease.owner(), lease.until());
    }
}
