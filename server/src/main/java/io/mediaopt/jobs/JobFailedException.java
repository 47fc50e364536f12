package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** A job failed for a reason that is not the client's: the message says nothing of internals. */
public final class JobFailedException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public JobFailedException(Throwable cause) {
        super(ErrorCode.INTERNAL, "The optimization failed because of an internal error", cause);
    }
}
