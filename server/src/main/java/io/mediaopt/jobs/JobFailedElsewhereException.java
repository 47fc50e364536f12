package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/**
 * A job that failed on another node, re-raised to the request waiting for it with the code the
 * job recorded, so the request gets the status that code has everywhere.
 */
public final class JobFailedElsewhereException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public JobFailedElsewhereException(ErrorCode code, String message) {
        super(code, message);
    }
}
