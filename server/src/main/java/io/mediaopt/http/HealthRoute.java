package io.mediaopt.http;

import io.mediaopt.Feature;
import io.mediaopt.Routes;

/** {@code GET /api/health}, on every node whatever its role, public whatever the keys. */
public final class HealthRoute implements Feature {
    private final InfoHandlers info;

    public HealthRoute(InfoHandlers info) {
        this.info = info;
    }

    @Override
    public void routes(Routes routes) {
        routes.get("/api/health", info::health);
    }
}
