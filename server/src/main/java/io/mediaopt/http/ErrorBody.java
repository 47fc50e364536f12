package io.mediaopt.http;

/** Every error response: {@code {"error": "<message>", "code": "<code>"}}. */
public record ErrorBody(String error, String code) {

    /** The {@code error} object of a failed job: message and code. */
    public record Detail(String message, String code) {}
}
