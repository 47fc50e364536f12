package io.mediaopt.jobs;

import io.mediaopt.media.MediaFormat;

/**
 * One optimization as the job store keeps it: its id, what was asked ({@code request}), what the
 * upload turned out to be ({@code media}), and where it stands ({@code state}).
 */
public record Job(String id, JobRequest request, MediaFormat media, JobState state) {}
