package io.mediaopt.uploads;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 460: the body is not the bytes the client's Upload-Checksum was computed from; none of it is kept. */
public final class ChecksumMismatchException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public ChecksumMismatchException(String message) {
        super(ErrorCode.CHECKSUM_MISMATCH, message);
    }
}
