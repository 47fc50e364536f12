package io.mediaopt.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediaopt.jobs.DeliveryState;
import io.mediaopt.jobs.Job;
import io.mediaopt.webhooks.Delivery;

import java.util.Optional;

/**
 * The {@code callback} of a job that names a callback URL: where the call announcing its end
 * stands. {@code pending} until the job ends and while attempts go on, then {@code delivered}
 * or {@code failed}, with the last attempt's HTTP status and error. The URL itself is not shown.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CallbackView(
        String eventId,
        String state,
        int attempts,
        Integer lastStatus,
        String lastError,
        Long lastAttemptAt,
        Long nextAttemptAt,
        Long deliveredAt) {

    public static CallbackView of(Job job, Optional<Delivery> delivery) {
        if (job.request().callback() == null) return null;
        if (delivery.isEmpty()) {
            return new CallbackView(null, DeliveryState.PENDING.wireName(), 0, null, null, null, null, null);
        }
        Delivery d = delivery.get();
        boolean pending = d.state() == DeliveryState.PENDING;
        return new CallbackView(d.eventId(), d.state().wireName(), d.attempts(), d.lastStatus(), d.lastError(),
                d.lastAttemptAt(), pending ? d.nextAttemptAt() : null, d.deliveredAt());
    }
}
