package io.mediaopt.http;

import io.mediaopt.ServiceException;

/** 413: the upload is over SERVICE_MAX_INPUT_BYTES. */
public final class TooLargeException extends ServiceException {
    public TooLargeException(long maxBytes) {
        super(413, "too-large", "The upload is larger than the limit of " + maxBytes + " bytes");
    }
}
