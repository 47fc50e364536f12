package io.mediaopt.client;

/** The service's immediate answer to a job submission; the job runs after this returns. */
public record JobSubmission(String jobId, JobStatus status, long createdAt) {}
