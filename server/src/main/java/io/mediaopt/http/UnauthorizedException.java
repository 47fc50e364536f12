package io.mediaopt.http;

import io.mediaopt.ServiceException;

/** 401 with the exact message of interface.md 5. */
public final class UnauthorizedException extends ServiceException {
    public UnauthorizedException() {
        super(401, "unauthorized", "Unauthorized: valid API key required");
    }
}
