package io.mediaopt.client;

/**
 * A job as {@code GET /api/media/jobs/:id} reports it. Fields the service leaves out for the
 * current state are null: {@code result} and {@code downloadUrl} only once done, {@code error}
 * only once failed, {@code completedAt} only when finished, {@code callback} unless the job
 * was submitted with a callback URL (or the service has a default one). {@code progress} (0 to
 * 100) is set while the job is processing (it only grows) and is 100 once done. {@code options}
 * are those the job asked for ({@link OptimizeOptions#DEFAULT} when none). {@code keep} says how a
 * kept job is kept (null when it is not): its {@code downloadUrl} and renditions' URLs are then stable.
 * {@code playableAt} (Unix ms) and {@code masterUrl} are set once the job's HLS master playlist
 * answers, which for a video with {@code renditions=hls} is while it is still processing.
 * {@code uploadId} names the resumable upload the job was made from (null: a form's upload).
 */
public record Job(
        String jobId,
        JobStatus status,
        String preset,
        String filename,
        Long inputBytes,
        Long createdAt,
        Long updatedAt,
        Long completedAt,
        Result result,
        String downloadUrl,
        JobError error,
        CallbackDelivery callback,
        Integer progress,
        OptimizeOptions options,
        Keep keep,
        Long playableAt,
        String masterUrl,
        String uploadId) {

    public Job {
        if (options == null) {
            options = OptimizeOptions.DEFAULT;
        }
    }

    /**
     * How a kept job is kept: who may read its stable URLs, when the service deletes it
     * ({@code keepUntil}, Unix ms; null: only when asked to) and how long its signed links last.
     */
    public record Keep(Visibility visibility, Long keepUntil, Long linkTtlSec) {}

    /** True once the job is done or failed. */
    public boolean terminal() {
        return status != null && status.terminal();
    }
}
