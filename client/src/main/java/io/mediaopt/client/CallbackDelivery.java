package io.mediaopt.client;

/**
 * The {@code callback} of a job submitted with a callback URL: the event id the call carries
 * (once the job ended), its state, how many attempts were made, and the last attempt's HTTP
 * status and error (null when none); {@code nextAttemptAt} while it is pending, {@code
 * deliveredAt} once delivered (Unix milliseconds).
 */
public record CallbackDelivery(
        String eventId,
        CallbackState state,
        int attempts,
        Integer lastStatus,
        String lastError,
        Long lastAttemptAt,
        Long nextAttemptAt,
        Long deliveredAt) {}
