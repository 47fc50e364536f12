package io.mediaopt.jobs;

import io.mediaopt.ServiceException;

/** A queued job's attempt met an outage: it is not failed, but waits for the dependency to come back. */
final class OutageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ServiceException outage;

    OutageException(ServiceException outage) {
        super(outage.getMessage(), outage);
        this.outage = outage;
    }

    ServiceException outage() {
        return outage;
    }
}
