package io.mediaopt.http;

import io.mediaopt.ServiceException;

import java.util.Locale;

/** Turns Jetty's multipart parsing failures into the API's 413 and 400 answers. */
final class MultipartFailures {
    private MultipartFailures() {}

    static ServiceException translate(Exception failure, long maxInputBytes) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("max") && (message.contains("size") || message.contains("length"))) {
                return new TooLargeException(maxInputBytes);
            }
        }
        return new InvalidInputException("The multipart/form-data body could not be read: it is malformed or incomplete");
    }
}
