package io.mediaopt.routes.renditions;

import io.mediaopt.jobs.routes.EarlyLadders;

import io.mediaopt.Feature;
import io.mediaopt.Routes;
import io.mediaopt.jobs.routes.RouteParts;
import io.mediaopt.jobs.routes.StableLinks;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.renditions.PlayableJobs;

/**
 * The routes of renditions: a job's renditions and picture behind the key, and a kept job's
 * stable links, which need none.
 */
public final class RenditionRoutes implements Feature {
    private final RenditionHandlers renditions;
    private final StableMediaHandlers stable;

    public RenditionRoutes(RouteParts parts, Jobs jobs, PlayableJobs playable, StableLinks stableLinks) {
        EarlyLadders early = new EarlyLadders(parts.storage(), playable);
        this.renditions = new RenditionHandlers(jobs, parts.storage(), parts.links(), parts.keys(), early);
        this.stable = new StableMediaHandlers(jobs, parts.storage(), stableLinks, early);
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
