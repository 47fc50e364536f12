package io.mediaopt;

/**
 * A failure the API reports to its caller: every subclass names one kind of failure by its
 * {@link ErrorCode}, which carries the HTTP status and the stable code clients can switch on.
 * The http package maps it to JSON.
 */
public abstract class ServiceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode errorCode;

    protected ServiceException(ErrorCode errorCode, String message) {
        this(errorCode, message, null);
    }

    protected ServiceException(ErrorCode errorCode, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
    }

    public ErrorCode errorCode() {
        return errorCode;
    }

    public int status() {
        return errorCode.status();
    }

    /** The wire name of the code, as the JSON body carries it. */
    public String code() {
        return errorCode.wireName();
    }
}
