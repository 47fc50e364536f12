package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

import java.time.Duration;
import java.util.OptionalInt;

/** The service is at capacity; the client should retry after {@link #retryAfterSeconds()}. */
public final class BusyException extends ServiceException {
    private static final long serialVersionUID = 1L;

    private final int retryAfterSeconds;

    public BusyException(String message, int retryAfterSeconds) {
        super(ErrorCode.BUSY, message);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /**
     * No encoder freed up within the queue timeout; the hint for Retry-After is roughly how long
     * a slot takes to free up (half the queue timeout, from 1 to 60 s).
     */
    public static BusyException encodersBusy(Duration queueTimeout) {
        return new BusyException("All encoders are busy; retry later",
                (int) Math.max(1, Math.min(60, queueTimeout.toSeconds() / 2)));
    }

    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    @Override
    public OptionalInt busyRetryAfter() {
        return OptionalInt.of(retryAfterSeconds);
    }
}
