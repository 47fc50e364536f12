package io.mediaopt.http;

import io.mediaopt.Feature;
import io.mediaopt.Routes;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.uploads.ResumableUploads;
import io.mediaopt.webhooks.JdbcDeliveryStore;

/** The routes of jobs: the form's two ways in, a job, its files and renditions, and kept jobs' stable links. */
public final class JobRoutes implements Feature {
    private final UploadReader form;
    private final MediaHandlers media;
    private final StableMediaHandlers stable;

    public JobRoutes(RouteParts parts, Jobs jobs, JdbcDeliveryStore deliveries, ResumableUploads resumable,
                     PlayableJobs playable, StableLinks stableLinks) {
        EarlyLadders early = new EarlyLadders(parts.storage, playable);
        this.form = parts.form;
        this.media = new MediaHandlers(jobs, parts.storage, parts.form, parts.links, deliveries, parts.keys,
                resumable, parts.tokenAccess, early);
        this.stable = new StableMediaHandlers(jobs, parts.storage, stableLinks, early);
    }

    @Override
    public void routes(Routes routes) {
        routes.before("/api/media/*", form::checkDeclaredLength);
        routes.post("/api/media/optimize", media::optimize);
        routes.post("/api/media/jobs", media::submit);
        routes.get("/api/media/jobs/{id}", media::get);
        routes.delete("/api/media/jobs/{id}", media::delete);
        routes.get(StableLinks.PREFIX + "{id}/" + StableLinks.PICTURE, stable::picture);
        routes.get(StableLinks.PREFIX + "{id}/{name}", stable::rendition);
        routes.get(StableLinks.PREFIX + "{id}/" + StableLinks.OUTPUT + "/{filename}", stable::output);
        routes.get("/api/media/jobs/{id}/download", media::download);
        routes.get("/api/media/jobs/{id}/renditions/{name}", media::rendition);
        routes.get("/api/media/jobs/{id}/picture", media::picture);
    }
}
