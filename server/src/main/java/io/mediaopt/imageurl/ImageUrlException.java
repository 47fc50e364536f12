package io.mediaopt.imageurl;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** The refusals of images by URL that no other route makes. */
final class ImageUrlException extends ServiceException {
    private static final long serialVersionUID = 1L;

    /** The seconds a refused client should wait before it asks again; 0 when asking again does not help. */
    private final long retryAfterSeconds;

    private ImageUrlException(ErrorCode code, String message) {
        this(code, message, 0);
    }

    private ImageUrlException(ErrorCode code, String message, long retryAfterSeconds) {
        super(code, message);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    static ImageUrlException invalidSignature() {
        return new ImageUrlException(ErrorCode.INVALID_SIGNATURE, "The image URL's signature is not valid");
    }

    static ImageUrlException notAllowed(String message) {
        return new ImageUrlException(ErrorCode.SOURCE_NOT_ALLOWED, message);
    }

    static ImageUrlException unreachable(String message) {
        return new ImageUrlException(ErrorCode.SOURCE_UNREACHABLE, message);
    }

    static ImageUrlException timeout(String message) {
        return new ImageUrlException(ErrorCode.TIMEOUT, message);
    }

    /** 429: over a client's request rate or a source host's renders in flight; asked again after {@code seconds}. */
    static ImageUrlException rateLimited(String message, long seconds) {
        return new ImageUrlException(ErrorCode.RATE_LIMITED, message, seconds);
    }

    /** 503: another node holds the variant's render past the wait; asked again after {@code seconds}. */
    static ImageUrlException busy(String message, long seconds) {
        return new ImageUrlException(ErrorCode.BUSY, message, seconds);
    }
}
