package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** The job database failed; reported as an internal error, details only in the log. */
public final class JobStoreException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public JobStoreException(String message, Throwable cause) {
        super(ErrorCode.INTERNAL, message, cause);
    }
}
