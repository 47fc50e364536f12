package io.mediaopt.routes.jobs;

import io.mediaopt.Feature;
import io.mediaopt.Routes;
import io.mediaopt.http.RouteParts;
import io.mediaopt.http.UploadReader;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.routes.renditions.EarlyLadders;
import io.mediaopt.uploads.ResumableUploads;
import io.mediaopt.webhooks.JdbcDeliveryStore;

/** The routes of jobs: the form's two ways in, a job as it stands, its deletion and its output. */
public final class JobRoutes implements Feature {
    private final UploadReader form;
    private final JobHandlers media;

    public JobRoutes(RouteParts parts, Jobs jobs, JdbcDeliveryStore deliveries, ResumableUploads resumable,
                     PlayableJobs playable) {
        this.form = parts.form();
        this.media = new JobHandlers(jobs, parts.storage(), parts.form(), parts.links(), deliveries, parts.keys(),
                resumable, parts.tokenAccess(), new EarlyLadders(parts.storage(), playable));
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
