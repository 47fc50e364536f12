package io.mediaopt.jobs.routes;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The {@code callback} of a job that names a callback URL: where the call announcing its end
 * stands. {@code pending} until the job ends and while attempts go on, then {@code delivered}
 * or {@code failed}, with the last attempt's HTTP status and error. The URL itself is not shown.
 * Made by webhooks.CallbackStates from the job's delivery.
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
        Long deliveredAt) {}
