package io.mediaopt.uploads;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 409: an upload straight to the bucket completed before its object is in the bucket, or while another request completes it. */
public final class DirectUploadNotReadyException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public DirectUploadNotReadyException(String message) {
        super(ErrorCode.NOT_READY, message);
    }
}
