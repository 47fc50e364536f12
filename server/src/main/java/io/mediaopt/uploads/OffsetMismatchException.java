package io.mediaopt.uploads;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 409: bytes sent for another offset than the upload has reached, or while another request writes to it. */
public final class OffsetMismatchException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public OffsetMismatchException(String message) {
        super(ErrorCode.OFFSET_MISMATCH, message);
    }
}
