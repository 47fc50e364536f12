package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

public final class JobNotReadyException extends ServiceException {

    private static final long serialVersionUID = 1L;

    public JobNotReadyException(String id, JobStatus status) {
        super(ErrorCode.NOT_READY, "Job " + id + " is " + status.wireName() + "; its output can be downloaded once it is done");
    }
}
