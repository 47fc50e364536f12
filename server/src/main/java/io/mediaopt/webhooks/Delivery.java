package io.mediaopt.webhooks;

import io.mediaopt.jobs.DeliveryState;

/**
 * One event in the outbox: the end of job {@code jobId}, to be posted to {@code url}. The last
 * attempt's HTTP status ({@code lastStatus}, null when no answer came) and error are kept; a
 * node sending it holds a lease until {@code leaseUntil}.
 */
public record Delivery(
        String eventId,
        String jobId,
        String url,
        DeliveryState state,
        int attempts,
        long createdAt,
        long nextAttemptAt,
        Long lastAttemptAt,
        Integer lastStatus,
        String lastError,
        Long deliveredAt,
        String leaseOwner,
        Long leaseUntil) {

    /** {@code done} or {@code failed}: the status the job ended with, the last part of the event id. */
    public String jobStatus() {
        return eventId.substring(eventId.lastIndexOf('.') + 1);
    }
}
