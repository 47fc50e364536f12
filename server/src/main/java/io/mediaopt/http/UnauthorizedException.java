package io.mediaopt.http;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 401 with the exact message of docs/api.md (Authentication). */
public final class UnauthorizedException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public UnauthorizedException() {
        super(ErrorCode.UNAUTHORIZED, "Unauthorized: valid API key required");
    }
}
