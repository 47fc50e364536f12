package io.mediaopt.jobs;

import io.mediaopt.ServiceException;

/** The service is at capacity; the client should retry after {@link #retryAfterSeconds()}. */
public final class BusyException extends ServiceException {
    private final int retryAfterSeconds;

    public BusyException(String message, int retryAfterSeconds) {
        super(503, "busy", message);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
