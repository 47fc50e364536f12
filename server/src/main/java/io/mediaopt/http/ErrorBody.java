package io.mediaopt.http;

import io.mediaopt.ErrorCode;

/** Every error response: {@code {"error": "<message>", "code": "<code>"}}. */
public record ErrorBody(String error, ErrorCode code) {

    /** The {@code error} object of a failed job: message and code. */
    public record Detail(String message, ErrorCode code) {}
}
