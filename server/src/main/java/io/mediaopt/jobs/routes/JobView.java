package io.mediaopt.jobs.routes;

import io.mediaopt.http.ErrorBody;
import io.mediaopt.http.KeepView;
import io.mediaopt.http.OptionsView;

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
        Fields fields = new Fields(job.id(), job.state().status().wireName());
        fields.createdAt = job.state().createdAt();
        return fields.build();
    }

    /** {@code result}: the job's result with its renditions' URLs, shown once it is done. */
    public static JobView of(Job job, OptimizationResult result, String downloadUrl, CallbackView callback) {
        JobRequest request = job.request();
        JobState state = job.state();
        boolean done = state.status() == JobStatus.DONE;
        boolean failed = state.status() == JobStatus.FAILED;
        boolean encoding = state.status() == JobStatus.PROCESSING;
        Fields fields = new Fields(job.id(), state.status().wireName());
        fields.progress = encoding || done ? state.progress() : null;
        fields.preset = request.preset().name();
        fields.filename = request.filename();
        fields.options = OptionsView.of(request.options());
        fields.inputBytes = request.inputBytes();
        fields.createdAt = state.createdAt();
        fields.updatedAt = state.updatedAt();
        fields.completedAt = state.completedAt();
        fields.result = done ? result : null;
        fields.downloadUrl = done ? downloadUrl : null;
        fields.error = failed ? new ErrorBody.Detail(state.errorMessage(), state.errorCode()) : null;
        fields.callback = callback;
        return fields.build();
    }

    /** The same view, naming the resumable upload the job was made from (null: none). */
    public JobView withUpload(String upload) {
        Fields fields = fields();
        fields.uploadId = upload;
        return fields.build();
    }

    /** The same view, saying how the job is kept (null: it is not). */
    public JobView withKeeping(KeepView keeping) {
        Fields fields = fields();
        fields.keep = keeping;
        return fields.build();
    }

    /** The same view, saying since when (ms) the job's HLS master playlist answers, at {@code master}. */
    public JobView withPlayable(long at, String master) {
        Fields fields = fields();
        fields.playableAt = at;
        fields.masterUrl = master;
        return fields.build();
    }

    private Fields fields() {
        Fields fields = new Fields(jobId, status);
        fields.progress = progress;
        fields.preset = preset;
        fields.filename = filename;
        fields.options = options;
        fields.inputBytes = inputBytes;
        fields.createdAt = createdAt;
        fields.updatedAt = updatedAt;
        fields.completedAt = completedAt;
        fields.result = result;
        fields.downloadUrl = downloadUrl;
        fields.error = error;
        fields.callback = callback;
        fields.uploadId = uploadId;
        fields.keep = keep;
        fields.playableAt = playableAt;
        fields.masterUrl = masterUrl;
        return fields;
    }

    /** A view's fields by name; each one not set is absent from the JSON. */
    private static final class Fields {
        private final String jobId;
        private final String status;
        private Integer progress;
        private String preset;
        private String filename;
        private OptionsView options;
        private Long inputBytes;
        private Long createdAt;
        private Long updatedAt;
        private Long completedAt;
        private OptimizationResult result;
        private String downloadUrl;
        private ErrorBody.Detail error;
        private CallbackView callback;
        private String uploadId;
        private KeepView keep;
        private Long playableAt;
        private String masterUrl;

        Fields(String jobId, String status) {
            this.jobId = jobId;
            this.status = status;
        }

        JobView build() {
            return new JobView(jobId, status, progress, preset, filename, options, inputBytes, createdAt, updatedAt,
                    completedAt, result, downloadUrl, error, callback, uploadId, keep, playableAt, masterUrl);
        }
    }
}
