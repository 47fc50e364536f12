package io.mediaopt;

import java.util.OptionalInt;

/**
 * A failure the API reports to its caller, named by its {@link ErrorCode}, which carries the HTTP
 * status and the stable code clients can switch on. The http package maps it to JSON. Failures
 * are made by the factories below, named for the situation; a subclass exists only where
 * something catches it by type for what it carries (a Retry-After, a storage fault, a database
 * outage, a range's size, a media failure).
 */
public class ServiceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode errorCode;

    protected ServiceException(ErrorCode errorCode, String message) {
        this(errorCode, message, null);
    }

    protected ServiceException(ErrorCode errorCode, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
    }

    /** For a service at capacity ({@code jobs.BusyException}), the seconds after which to ask again; empty otherwise. */
    public OptionalInt busyRetryAfter() {
        return OptionalInt.empty();
    }

    /** 400: a field, header or body the API does not take; the message names what it expected. */
    public static ServiceException invalidInput(String message) {
        return new ServiceException(ErrorCode.INVALID_INPUT, message);
    }

    /** 401: a key is needed and the request presented none that is valid. */
    public static ServiceException unauthorized() {
        return new ServiceException(ErrorCode.UNAUTHORIZED, "Unauthorized: valid API key required");
    }

    /** 401 or 403: an upload token that is invalid, or does not allow this request; {@code code} says which. */
    public static ServiceException tokenRefused(ErrorCode code, String message) {
        return new ServiceException(code, message);
    }

    /** 404: no such job, rendition or upload, or not one the caller may see. */
    public static ServiceException notFound(String message) {
        return new ServiceException(ErrorCode.NOT_FOUND, message);
    }

    /** 409: the output of a job that is not done yet. */
    public static ServiceException notReady(String message) {
        return new ServiceException(ErrorCode.NOT_READY, message);
    }

    /** 501: what this service cannot do as configured (uploads straight to the bucket without S3). */
    public static ServiceException notSupported(String message) {
        return new ServiceException(ErrorCode.NOT_SUPPORTED, message);
    }

    /** 409: a resumable upload's bytes sent for another offset than the one it has reached. */
    public static ServiceException offsetMismatch(String message) {
        return new ServiceException(ErrorCode.OFFSET_MISMATCH, message);
    }

    /** 412: a resumable-upload request without the tus version this service speaks. */
    public static ServiceException unsupportedProtocol(String message) {
        return new ServiceException(ErrorCode.UNSUPPORTED_PROTOCOL, message);
    }

    /** 413: an upload over SERVICE_MAX_INPUT_BYTES. */
    public static ServiceException tooLarge(long maxBytes) {
        return tooLarge("The upload is larger than the limit of " + maxBytes + " bytes");
    }

    /** 413: over a limit other than SERVICE_MAX_INPUT_BYTES, which the message names. */
    public static ServiceException tooLarge(String message) {
        return new ServiceException(ErrorCode.TOO_LARGE, message);
    }

    /** 429: a key holding as many unfinished resumable uploads as it may. */
    public static ServiceException tooManyUploads(String message) {
        return new ServiceException(ErrorCode.TOO_MANY_UPLOADS, message);
    }

    /** 460: a resumable upload's piece whose bytes do not match its Upload-Checksum. */
    public static ServiceException checksumMismatch(String message) {
        return new ServiceException(ErrorCode.CHECKSUM_MISMATCH, message);
    }

    /** 500: an optimization stopped by a failure of the service itself, not of the media. */
    public static ServiceException internalFailure(Throwable cause) {
        return new ServiceException(ErrorCode.INTERNAL, "The optimization failed because of an internal error", cause);
    }

    /** A job's failure as the job store recorded it, for a caller that waited while another node ran it. */
    public static ServiceException recorded(ErrorCode code, String message) {
        return new ServiceException(code, message);
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
