package io.mediaopt.renditions.routes;

import io.mediaopt.Feature;
import io.mediaopt.Routes;
import io.mediaopt.http.ApiKeys;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.storage.Storage;

/**
 * The routes of renditions: a job's renditions and picture behind the key, and a kept job's
 * stable links, which need none. The jobs they serve come from {@link JobLookup}, which the jobs
 * feature implements.
 */
public final class RenditionRoutes implements Feature {
    private final RenditionHandlers renditions;
    private final StableMediaHandlers stable;

    public RenditionRoutes(ApiKeys keys, Storage storage, JobLookup jobs, PlayableJobs playable,
                           StableLinks stableLinks) {
        EarlyLadders early = new EarlyLadders(storage, playable);
        this.renditions = new RenditionHandlers(jobs, storage, keys, early);
        this.stable = new StableMediaHandlers(jobs, storage, stableLinks, early);
    }

    @Override
    public void routes(Routes routes) {
        routes.get(StableLinks.PREFIX + "{id}/" + StableLinks.PICTURE, stable::picture);
        routes.get(StableLinks.PREFIX + "{id}/{name}", stable::rendition);
        routes.get(StableLinks.PREFIX + "{id}/" + StableLinks.OUTPUT + "/{filename}", stable::output);
        routes.get("/api/media/jobs/{id}/renditions/{name}", renditions::rendition);
        routes.get("/api/media/jobs/{id}/picture", renditions::picture);
    }
}
