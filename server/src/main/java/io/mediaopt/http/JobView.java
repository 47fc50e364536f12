package io.mediaopt.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.JobStatus;
import io.mediaopt.media.OptimizationResult;

/** The job object of interface.md 2.1 as the API shows it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobView(
        String jobId,
        String status,
        String preset,
        String filename,
        Long inputBytes,
        Long createdAt,
        Long updatedAt,
        Long completedAt,
        OptimizationResult result,
        String downloadUrl,
        ErrorBody.Detail error) {

    /** The answer to a submission: only what interface.md 4.4 names. */
    public static JobView submitted(Job job) {
        return new JobView(job.id(), job.status().wireName(), null, null, null, job.createdAt(),
                null, null, null, null, null);
    }

    public static JobView of(Job job, String downloadUrl) {
        boolean done = job.status() == JobStatus.DONE;
        boolean failed = job.status() == JobStatus.FAILED;
        return new JobView(job.id(), job.status().wireName(), job.preset(), job.filename(), job.inputBytes(),
                job.createdAt(), job.updatedAt(), job.completedAt(),
                done ? job.result() : null,
                done ? downloadUrl : null,
                failed ? new ErrorBody.Detail(job.errorMessage(), job.errorCode()) : null);
    }
}
