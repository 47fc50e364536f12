package io.mediaopt.uploads;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 429: the key already holds as many unfinished uploads as it may. */
public final class TooManyUploadsException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public TooManyUploadsException(String message) {
        super(ErrorCode.TOO_MANY_UPLOADS, message);
    }
}
