package io.mediaopt.jobs;

import io.mediaopt.ServiceException;

/** A job failed for a reason that is not the client's: the message says nothing of internals. */
public final class JobFailedException extends ServiceException {
    public JobFailedException(Throwable cause) {
        super(500, "internal", "The optimization failed because of an internal error", cause);
    }
}
