package io.mediaopt.uploads;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 412: the request does not speak tus 1.0.0. */
public final class UnsupportedProtocolException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public UnsupportedProtocolException(String message) {
        super(ErrorCode.UNSUPPORTED_PROTOCOL, message);
    }
}
