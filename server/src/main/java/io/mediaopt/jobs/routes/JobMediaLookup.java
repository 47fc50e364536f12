package io.mediaopt.jobs.routes;

import io.mediaopt.Caller;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.JobStatus;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.renditions.routes.JobLookup;
import io.mediaopt.renditions.routes.JobMedia;

import java.util.Optional;

/** The jobs whose files the routes of renditions serve, found by {@link Jobs} and shown as they read them. */
public final class JobMediaLookup implements JobLookup {
    private final Jobs jobs;

    public JobMediaLookup(Jobs jobs) {
        this.jobs = jobs;
    }

    /** The job as the routes of its files, and its links, read it. */
    static JobMedia mediaOf(Job job) {
        return new JobMedia(job.id(), job.state().attempts(), job.request().filename(), job.request().owner(),
                job.request().keeping(), job.state().result(), job.state().outputKey(), job.state().completedAt());
    }

    @Override
    public Optional<JobMedia> processing(String id, Caller caller) {
        Job job = jobs.get(id, caller);
        return job.state().status() == JobStatus.PROCESSING ? Optional.of(mediaOf(job)) : Optional.empty();
    }

    @Override
    public JobMedia done(String id, Caller caller) {
        return mediaOf(jobs.getDone(id, caller));
    }

    @Override
    public Optional<JobMedia> kept(String id) {
        return jobs.findKept(id).map(JobMediaLookup::mediaOf);
    }

    @Override
    public Optional<JobMedia> keptProcessing(String id) {
        return jobs.findKeptProcessing(id).map(JobMediaLookup::mediaOf);
    }
}
