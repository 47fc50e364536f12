package io.mediaopt.media;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 400: the {@code quality}, {@code format} or {@code width} field asks for an output the service cannot make. */
public final class InvalidOptionsException extends ServiceException {
    private static final long serialVersionUID = 1L;

    InvalidOptionsException(String message) {
        super(ErrorCode.INVALID_INPUT, message);
    }
}
