package io.mediaopt.uploads;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 501: uploads straight to the bucket asked of a service that keeps its files on local disk. */
public final class DirectUploadsUnsupportedException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public DirectUploadsUnsupportedException(String message) {
        super(ErrorCode.NOT_SUPPORTED, message);
    }
}
