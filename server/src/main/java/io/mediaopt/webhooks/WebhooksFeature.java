package io.mediaopt.webhooks;

import io.mediaopt.Feature;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.metrics.ServiceMetrics;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.function.Function;

/**
 * Callbacks at a job's end: the outbox in the job database and the sender that posts what is
 * due, woken at once when this node ends a job.
 */
public final class WebhooksFeature implements Feature, AutoCloseable {
    private final JdbcDeliveryStore deliveries;
    private final WebhookSender sender;

    /** {@code payloads} renders a job as the call's body, the job object the API shows. */
    public WebhooksFeature(WebhookSettings settings, String nodeId, JdbcJobStore store, SqlDialect database,
                           Function<Job, byte[]> payloads, ServiceMetrics metrics, Clock clock) {
        this.deliveries = new JdbcDeliveryStore(store.dataSource(), database);
        this.sender = new WebhookSender(settings, nodeId, deliveries, store, payloads,
                new Backoff(settings.retryBase(), settings.retryFor(), new SecureRandom()), metrics, clock);
        store.onEventsQueued(sender::wake);
    }

    /** The deliveries of each job, which its status shows. */
    public JdbcDeliveryStore deliveries() {
        return deliveries;
    }

    @Override
    public void start() {
        sender.start();
    }

    @Override
    public void close() {
        sender.close();
    }
}
