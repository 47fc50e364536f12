package io.mediaopt.client;

/**
 * A job as {@code GET /api/media/jobs/:id} reports it. Fields the service leaves out for the
 * current state are null: {@code result} and {@code downloadUrl} only once done, {@code error}
 * only once failed, {@code completedAt} only when finished.
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
        JobError error) {

    /** True once the job is done or failed. */
    public boolean terminal() {
        return status != null && status.terminal();
    }
}
