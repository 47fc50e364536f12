package io.mediaopt.jobs;

import io.mediaopt.ServiceException;

import java.util.Map;

/** A job that failed on another node, reported to the request waiting for it with the job's code. */
public final class FailedJobException extends ServiceException {
    private static final Map<String, Integer> STATUS_BY_CODE = Map.of(
            "invalid-input", 400,
            "unsupported-type", 415,
            "unreadable-media", 422,
            "limit-exceeded", 422,
            "encode-failed", 422,
            "busy", 503,
            "timeout", 504);

    public FailedJobException(String code, String message) {
        super(STATUS_BY_CODE.getOrDefault(code, 500), code, message);
    }
}
