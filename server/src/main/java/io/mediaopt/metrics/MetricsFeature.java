package io.mediaopt.metrics;

import io.mediaopt.Feature;
import io.mediaopt.Routes;

/** The Prometheus scrape, {@code GET /metrics}, when SERVICE_METRICS_ENABLED turns it on. */
public final class MetricsFeature implements Feature {
    public static final String PATH = "/metrics";

    private final ServiceMetrics metrics;

    public MetricsFeature(ServiceMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void routes(Routes routes) {
        if (!metrics.enabled()) return;
        routes.get(PATH, ctx -> ctx.contentType(ServiceMetrics.contentType()).result(metrics.scrape()));
    }
}
