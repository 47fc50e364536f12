package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.OutputOptions;
import io.mediaopt.renditions.RenditionRequest;

/**
 * One optimization as the job store keeps it. {@code inputKey} names the stored input of a
 * queued job (null for a synchronous one, whose input lives only for its request);
 * {@code outputKey} the stored output once done; {@code leaseOwner} the node processing it;
 * {@code callback}, when not null, where to tell the caller that the job ended;
 * {@code progress} how far its encoding has got, 0 to 100 (100 once done); {@code requestId} the
 * x-request-id of the request that created it, for the log lines of its work on whichever node runs it;
 * {@code renditions} the extra outputs it asked for (never null); {@code options} what it asked of
 * its output beyond the preset (never null); {@code owner} the name of the API key that submitted it
 * (null when keys were off), which alone may see it.
 */
public record Job(
        String id,
        JobStatus status,
        String preset,
        String filename,
        long inputBytes,
        MediaFormat media,
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
        Callback callback,
        int progress,
        String requestId,
        RenditionRequest renditions,
        OutputOptions options,
        String owner) {

    public Job {
        if (renditions == null) renditions = RenditionRequest.NONE;
        if (options == null) options = OutputOptions.NONE;
    }

    /** A job just accepted, before any worker has seen it. */
    public static Job pending(String id, String preset, String filename, long inputBytes,
                              MediaFormat media, String inputKey, Callback callback, long now) {
        return new Job(id, JobStatus.PENDING, preset, filename, inputBytes, media, inputKey,
                0, now, now, null, null, null, null, null, null, null, callback, 0, null, RenditionRequest.NONE,
                OutputOptions.NONE, null);
    }

    /** A synchronous job: processed by the request that created it, from the start, under a lease. */
    public static Job processingNow(String id, String preset, String filename, long inputBytes,
                                    MediaFormat media, JobStore.Lease lease, Callback callback, long now) {
        return new Job(id, JobStatus.PROCESSING, preset, filename, inputBytes, media, null,
                1, now, now, null, null, null, null, null, lease.owner(), lease.until(), callback, 0, null, RenditionRequest.NONE,
                OutputOptions.NONE, null);
    }

    /** The same job, created by the request with this id. */
    public Job requestedBy(String id) {
        return new Job(this.id, status, preset, filename, inputBytes, media, inputKey, attempts, createdAt, updatedAt,
                completedAt, result, outputKey, errorCode, errorMessage, leaseOwner, leaseUntil, callback, progress, id,
                renditions, options, owner);
    }

    /** The same job, asking for these renditions. */
    public Job asking(RenditionRequest request) {
        return new Job(id, status, preset, filename, inputBytes, media, inputKey, attempts, createdAt, updatedAt,
                completedAt, result, outputKey, errorCode, errorMessage, leaseOwner, leaseUntil, callback, progress,
                requestId, request, options, owner);
    }

    /** The same job, asking these options of its output. */
    public Job withOptions(OutputOptions asked) {
        return new Job(id, status, preset, filename, inputBytes, media, inputKey, attempts, createdAt, updatedAt,
                completedAt, result, outputKey, errorCode, errorMessage, leaseOwner, leaseUntil, callback, progress,
                requestId, renditions, asked, owner);
    }

    /** The same job, submitted with the API key of this name (null: keys are off). */
    public Job ownedBy(String keyName) {
        return new Job(id, status, preset, filename, inputBytes, media, inputKey, attempts, createdAt, updatedAt,
                completedAt, result, outputKey, errorCode, errorMessage, leaseOwner, leaseUntil, callback, progress,
                requestId, renditions, options, keyName);
    }
}
