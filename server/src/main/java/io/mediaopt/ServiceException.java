package io.mediaopt;

/**
 * A failure the API reports to its caller: every subclass names one kind of failure with its
 * HTTP status and the stable code clients can switch on. The http package maps it to JSON.
 */
public abstract class ServiceException extends RuntimeException {
    private final int status;
    private final String code;

    protected ServiceException(int status, String code, String message) {
        this(status, code, message, null);
    }

    protected ServiceException(int status, String code, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.code = code;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }
}
