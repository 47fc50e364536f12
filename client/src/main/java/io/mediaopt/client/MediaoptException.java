package io.mediaopt.client;

/**
 * Base of every failure the client reports. Unchecked, so callers catch only what they can
 * handle: {@link MediaoptApiException} for an answer the service refused,
 * {@link MediaoptIOException} when the exchange itself broke, {@link MediaoptTimeoutException}
 * when a job did not finish in time. Thrown directly when a 2xx answer does not have the shape
 * the API promises.
 */
public class MediaoptException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MediaoptException(String message) {
        super(message);
    }

    public MediaoptException(String message, Throwable cause) {
        super(message, cause);
    }
}
