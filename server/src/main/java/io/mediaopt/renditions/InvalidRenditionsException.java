package io.mediaopt.renditions;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 400: the {@code renditions} or {@code posterTime} field asks for something the service cannot make. */
public final class InvalidRenditionsException extends ServiceException {
    private static final long serialVersionUID = 1L;

    InvalidRenditionsException(String message) {
        super(ErrorCode.INVALID_INPUT, message);
    }
}
