package io.mediaopt.health;

import io.javalin.http.Context;
import io.mediaopt.Feature;
import io.mediaopt.Routes;

import java.util.List;

/**
 * {@code GET /api/health}, on every node whatever its role, public whatever the keys: the checks
 * of the features listed before it, in their order.
 */
public final class HealthFeature implements Feature {
    private final HealthChecks checks;

    public HealthFeature(List<? extends Feature> before) {
        this.checks = HealthChecks.of(before);
    }

    @Override
    public void routes(Routes routes) {
        routes.get("/api/health", this::health);
    }

    private void health(Context ctx) {
        HealthChecks.Report report = checks.run();
        ctx.status(report.status().equals("ok") ? 200 : 503).json(report);
    }
}
