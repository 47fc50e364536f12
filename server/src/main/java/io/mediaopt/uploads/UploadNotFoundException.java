package io.mediaopt.uploads;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 404: no such upload, or it expired, or another key created it (the same answer for all three). */
public final class UploadNotFoundException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public UploadNotFoundException(String message) {
        super(ErrorCode.NOT_FOUND, message);
    }
}
