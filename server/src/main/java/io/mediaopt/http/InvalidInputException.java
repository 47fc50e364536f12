package io.mediaopt.http;

import io.mediaopt.ServiceException;

/** 400: the request is not a valid upload (media missing, empty, unknown preset, bad multipart). */
public final class InvalidInputException extends ServiceException {
    public InvalidInputException(String message) {
        super(400, "invalid-input", message);
    }
}
