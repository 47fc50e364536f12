package io.mediaopt.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.JobRequest;
import io.mediaopt.jobs.JobState;
import io.mediaopt.jobs.JobStatus;
import io.mediaopt.media.OptimizationResult;

/**
 * The job object of docs/api.md (Routes) as the API shows it. {@code progress} (0 to 100) is
 * shown while the job is processing, and as 100 once it is done; {@code options} when the job asked
 * for any; {@code uploadId} when it was made from a resumable upload; {@code keep} when it is kept;
 * {@code playableAt} and {@code masterUrl} once its HLS ladder answers, which may be while it is processing.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobView(
        String jobId,
        String status,
        Integer progress,
        String preset,
        String filename,
        OptionsView options,
        Long inputBytes,
        Long createdAt,
        Long updatedAt,
        Long completedAt,
        OptimizationResult result,
        String downloadUrl,
        ErrorBody.Detail error,
        CallbackView callback,
        String uploadId,
        KeepView keep,
        Long playableAt,
        String masterUrl) {

    /** The answer to a submission: only what docs/api.md names for POST /api/media/jobs. */
    public static JobView submitted(Job job) {
        return new JobView(job.id(), job.state().status().wireName(), null, null, null, null, null,
                job.state().createdAt(), null, null, null, null, null, null, null, null, null, null);
    }

    /** {@code result}: the job's result with its renditions' URLs, shown once it is done. */
    public static JobView of(Job job, OptimizationResult result, String downloadUrl, CallbackView callback) {
        JobRequest request = job.request();
        JobState state = job.state();
        boolean done = state.status() == JobStatus.DONE;
        boolean failed = state.status() == JobStatus.FAILED;
        boolean encoding = state.status() == JobStatus.PROCESSING;
        return new JobView(job.id(), state.status().wireName(), encoding || done ? state.progress() : null,
                request.preset().name(), request.filename(), OptionsView.of(request.options()), request.inputBytes(),
                state.createdAt(), state.updatedAt(), state.completedAt(),
                done ? result : null,
                done ? downloadUrl : null,
                failed ? new ErrorBody.Detail(state.errorMessage(), state.errorCode()) : null,
                callback, null, null, null, null);
    }

    /** The same view, naming the resumable upload the job was made from (null: none). */
    public JobView withUpload(String upload) {
        return new JobView(jobId, status, progress, preset, filename, options, inputBytes, createdAt, updatedAt,
                completedAt, result, downloadUrl, error, callback, upload, keep, playableAt, masterUrl);
    }

    /** The same view, saying how the job is kept (null: it is not). */
    public JobView withKeeping(KeepView keeping) {
        return new JobView(jobId, status, progress, preset, filename, options, inputBytes, createdAt, updatedAt,
                completedAt, result, downloadUrl, error, callback, uploadId, keeping, playableAt, masterUrl);
    }

    /** The same view, saying since when (ms) the job's HLS master playlist answers, at {@code master}. */
    public JobView withPlayable(long at, String master) {
        return new JobView(jobId, status, progress, preset, filename, options, inputBytes, createdAt, updatedAt,
                completedAt, result, downloadUrl, error, callback, uploadId, keep, at, master);
    }
}
