package io.mediaopt.jobs;

import io.mediaopt.ServiceException;

public final class JobNotReadyException extends ServiceException {
    public JobNotReadyException(String id, JobStatus status) {
        super(409, "not-ready", "Job " + id + " is " + status.wireName() + "; its output can be downloaded once it is done");
    }
}
