package io.mediaopt.jobs;

import io.mediaopt.ServiceException;

public final class JobNotFoundException extends ServiceException {
    public JobNotFoundException(String id) {
        super(404, "not-found", "Job " + id + " does not exist");
    }
}
