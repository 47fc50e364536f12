package io.mediaopt.jobs.routes;

import io.mediaopt.Feature;
import io.mediaopt.Routes;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.renditions.PlayableJobs;

import java.util.Optional;

/** The routes of jobs: the form's two ways in, a job as it stands, its deletion and its output. */
public final class JobRoutes implements Feature {
    private final UploadReader form;
    private final JobHandlers media;

    /** The {@code callback} of a job's view (webhooks.CallbackStates); null when the job names none. */
    public interface Callbacks {
        CallbackView of(Job job);
    }

    /** The resumable upload a job was made from (uploads.ResumableUploads). */
    public interface UploadsOfJobs {
        Optional<String> uploadOfJob(String jobId);
    }

    public JobRoutes(RouteParts parts, Jobs jobs, Callbacks callbacks, UploadsOfJobs uploadsOfJobs,
                     PlayableJobs playable) {
        this.form = parts.form();
        this.media = new JobHandlers(jobs, parts.storage(), parts.form(), parts.links(), callbacks, parts.keys(),
                uploadsOfJobs, parts.tokenAccess(), playable);
    }

    @Override
    public void routes(Routes routes) {
        routes.before("/api/media/*", form::checkDeclaredLength);
        routes.post("/api/media/optimize", media::optimize);
        routes.post("/api/media/jobs", media::submit);
        routes.get("/api/media/jobs/{id}", media::get);
        routes.delete("/api/media/jobs/{id}", media::delete);
        routes.get("/api/media/jobs/{id}/download", media::download);
    }
}
