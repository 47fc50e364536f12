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

    /** Before the job's event is queued there is no delivery: the view is pending, with no attempt. */
    public static CallbackView of(Job job, Optional<Delivery> delivery) {
        if (job.request().callback() == null) return null;
        return new CallbackView(
                delivery.map(Delivery::eventId).orElse(null),
                delivery.map(Delivery::state).orElse(DeliveryState.PENDING).wireName(),
                delivery.map(Delivery::attempts).orElse(0),
                delivery.map(Delivery::lastStatus).orElse(null),
                delivery.map(Delivery::lastError).orElse(null),
                delivery.map(Delivery::lastAttemptAt).orElse(null),
                delivery.filter(d -> d.state() == DeliveryState.PENDING).map(Delivery::nextAttemptAt).orElse(null),
                delivery.map(Delivery::deliveredAt).orElse(null));
    }
}
