package io.mediaopt.renditions;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** 404: the done job has no rendition of that name, or no responsive set to pick from. */
public final class RenditionNotFoundException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public RenditionNotFoundException(String message) {
        super(ErrorCode.NOT_FOUND, message);
    }
}
