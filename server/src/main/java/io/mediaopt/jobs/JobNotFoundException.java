package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

public final class JobNotFoundException extends ServiceException {

    private static final long serialVersionUID = 1L;

    public JobNotFoundException(String id) {
        super(ErrorCode.NOT_FOUND, "Job " + id + " does not exist");
    }
}
