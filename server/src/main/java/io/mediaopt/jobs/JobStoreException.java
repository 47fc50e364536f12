package io.mediaopt.jobs;

import io.mediaopt.ServiceException;

/** The job database failed; reported as an internal error, details only in the log. */
public final class JobStoreException extends ServiceException {
    public JobStoreException(String message, Throwable cause) {
        super(500, "internal", message, cause);
    }
}
