package io.mediaopt.jobs;

import io.mediaopt.media.MediaFormat;

/**
 * One optimization as the job store keeps it: its id, how it came to be ({@code origin}), what
 * was asked ({@code request}), what the upload turned out to be ({@code media}), and where it
 * stands ({@code state}).
 */
public record Job(String id, JobOrigin origin, JobRequest request, MediaFormat media, JobState state) {

    /** This job as it stands once {@code state} replaced its state. */
    public Job with(JobState next) {
        return new Job(id, origin, request, media, next);
    }
}
