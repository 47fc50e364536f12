package io.mediaopt;

/** 400: the request is not a valid upload (media missing, empty, unknown preset, bad multipart). */
public final class InvalidInputException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public InvalidInputException(String message) {
        super(ErrorCode.INVALID_INPUT, message);
    }
}
