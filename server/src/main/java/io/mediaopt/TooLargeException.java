package io.mediaopt;

/** 413: the upload is over SERVICE_MAX_INPUT_BYTES. */
public final class TooLargeException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public TooLargeException(long maxBytes) {
        super(ErrorCode.TOO_LARGE, "The upload is larger than the limit of " + maxBytes + " bytes");
    }

    /** Over a limit other than SERVICE_MAX_INPUT_BYTES, which the message names. */
    public TooLargeException(String message) {
        super(ErrorCode.TOO_LARGE, message);
    }
}
