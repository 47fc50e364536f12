package io.mediaopt.client;

import java.util.OptionalLong;

/**
 * The service answered with a status outside 2xx. {@link #code()} is the stable code from the
 * error body ({@code not-found}, {@code busy}, ...), or {@code http-<status>} when the body was
 * not the service's JSON (a proxy's page, say); {@link #getMessage()} is the body's
 * {@code error} text exactly as sent.
 */
public class MediaoptApiException extends MediaoptException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;
    private final Long retryAfterSeconds;

    public MediaoptApiException(int status, String code, String message, Long retryAfterSeconds) {
        super(message);
        this.status = status;
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** The HTTP status code of the response. */
    public int status() {
        return status;
    }

    /** The stable error code, for branching on the kind of failure. */
    public String code() {
        return code;
    }

    /** Seconds the service asked the caller to wait before retrying (from Retry-After), if any. */
    public OptionalLong retryAfterSeconds() {
        return retryAfterSeconds == null ? OptionalLong.empty() : OptionalLong.of(retryAfterSeconds);
    }

    /** Stack traces show the status and code too, since the message alone may be ambiguous. */
    @Override
    @SuppressWarnings("OverrideThrowableToString") // getMessage() stays the server's own words
    public String toString() {
        return getClass().getName() + ": HTTP " + status + " " + code + ": " + getMessage();
    }
}
