package io.mediaopt;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every code the API answers with, or records on a failed job, with its HTTP status. Exceptions,
 * the job store, the JSON error bodies and the README's error table all take their codes from
 * here; a test compares the table with this list.
 */
public enum ErrorCode {
    INVALID_INPUT("invalid-input", 400),
    UNAUTHORIZED("unauthorized", 401),
    /** An upload token that is malformed, forged, or signed by a key since removed. */
    INVALID_TOKEN("invalid-token", 401),
    /** An upload token past its expiry. */
    TOKEN_EXPIRED("token-expired", 401),
    /** An upload token whose one upload was made already. */
    TOKEN_USED("token-used", 403),
    /** A request an upload token does not allow: another route, upload or job, or a field, file kind or value outside its scope. */
    TOKEN_SCOPE("token-scope", 403),
    /** An upload token sent from another page than the origin it was minted for. */
    TOKEN_ORIGIN("token-origin", 403),
    NOT_FOUND("not-found", 404),
    NOT_READY("not-ready", 409),
    /** A resumable upload's bytes sent for another offset than the one it has reached. */
    OFFSET_MISMATCH("offset-mismatch", 409),
    /** A resumable-upload request without the tus version this service speaks (Tus-Resumable: 1.0.0). */
    UNSUPPORTED_PROTOCOL("unsupported-protocol", 412),
    TOO_LARGE("too-large", 413),
    UNSUPPORTED_TYPE("unsupported-type", 415),
    RANGE_NOT_SATISFIABLE("range-not-satisfiable", 416),
    UNREADABLE_MEDIA("unreadable-media", 422),
    LIMIT_EXCEEDED("limit-exceeded", 422),
    /** A key holding as many unfinished resumable uploads as it may (SERVICE_MAX_OPEN_UPLOADS). */
    TOO_MANY_UPLOADS("too-many-uploads", 429),
    /** A resumable upload's piece whose bytes do not match its Upload-Checksum (tus's own status). */
    CHECKSUM_MISMATCH("checksum-mismatch", 460),
    ENCODE_FAILED("encode-failed", 422),
    BUSY("busy", 503),
    /** The job database cannot be reached; the request may succeed once it is back. */
    UNAVAILABLE("unavailable", 503),
    /** A route this deployment cannot serve, such as uploads straight to the bucket without S3 storage. */
    NOT_SUPPORTED("not-supported", 501),
    TIMEOUT("timeout", 504),
    STORAGE_FAILED("storage-failed", 500),
    /** A job that could not finish after its attempts because the process running it stopped. */
    INTERRUPTED("interrupted", 500),
    INTERNAL("internal", 500),
    /** An image URL whose signature none of SERVICE_IMAGE_URL_KEYS made. */
    INVALID_SIGNATURE("invalid-signature", 403),
    /** An image URL's source outside SERVICE_IMAGE_URL_SOURCES, or at an address it may not reach. */
    SOURCE_NOT_ALLOWED("source-not-allowed", 403),
    /** An image URL's source that could not be fetched (refused connection, error status). */
    SOURCE_UNREACHABLE("source-unreachable", 502),
    /** An image URL request over its client's rate (SERVICE_IMAGE_URL_RATE) or its source host's renders in flight. */
    RATE_LIMITED("rate-limited", 429);

    private static final Map<String, ErrorCode> BY_WIRE_NAME = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(ErrorCode::wireName, Function.identity()));

    private final String wireName;
    private final int status;

    ErrorCode(String wireName, int status) {
        this.wireName = wireName;
        this.status = status;
    }

    /** The value of the {@code code} field. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** The HTTP status a request gets with this code. */
    public int status() {
        return status;
    }

    /**
     * The code of a refusal that only has a status (the HTTP server's or the web framework's own):
     * the code of that status where one stands for it, otherwise the request's fault below 500
     * and an internal failure from 500.
     */
    public static ErrorCode forRefusal(int status) {
        return switch (status) {
            case 404 -> NOT_FOUND;
            case 413 -> TOO_LARGE;
            case 415 -> UNSUPPORTED_TYPE;
            case 416 -> RANGE_NOT_SATISFIABLE;
            case 503 -> BUSY;
            case 504 -> TIMEOUT;
            // a protocol version the server does not speak is the client's to change
            case 505 -> INVALID_INPUT;
            default -> status >= 500 ? INTERNAL : INVALID_INPUT;
        };
    }

    /** The code of that wire name, as a job store row or another node recorded it. */
    public static Optional<ErrorCode> fromWire(String wireName) {
        return Optional.ofNullable(wireName).map(BY_WIRE_NAME::get);
    }
}
