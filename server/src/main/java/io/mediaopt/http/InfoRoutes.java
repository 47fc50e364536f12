package io.mediaopt.http;

import io.mediaopt.Feature;
import io.mediaopt.Routes;
import io.mediaopt.media.Limits;
import io.mediaopt.media.Presets;
import io.mediaopt.usage.UsageCounters;

/** The read-only routes of an API node: presets, limits, usage and the OpenAPI document. */
public final class InfoRoutes implements Feature {
    private final InfoHandlers info;
    private final ApiKeys keys;
    private final ApiDocument document = new ApiDocument();

    public InfoRoutes(ApiKeys keys, UsageCounters usage, Presets presets, Limits limits) {
        this.info = new InfoHandlers(usage, presets, limits);
        this.keys = keys;
    }

    @Override
    public void routes(Routes routes) {
        routes.get("/api/media/presets", info::presets);
        routes.get("/api/media/limits", info::limits);
        routes.get("/api/usage", ctx -> info.usage(ctx, keys.caller(ctx)));
        routes.get(ApiDocument.PATH, document::serve);
    }
}
