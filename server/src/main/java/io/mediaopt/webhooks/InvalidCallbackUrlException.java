package io.mediaopt.webhooks;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 400: the callbackUrl of a submission is not a URL the service may call. */
public final class InvalidCallbackUrlException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public InvalidCallbackUrlException(String message) {
        super(ErrorCode.INVALID_INPUT, message);
    }
}
