package io.mediaopt.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Turns a non-2xx response into a {@link MediaoptApiException}. */
final class ErrorResponses {
    /** Enough of a non-JSON body to recognise it in a message, not a whole HTML page. */
    private static final int MAX_QUOTED_CHARS = 200;

    private final ObjectMapper json;
    private final Clock clock;

    ErrorResponses(ObjectMapper json, Clock clock) {
        this.json = json;
        this.clock = clock;
    }

    MediaoptApiException toException(int status, HttpHeaders headers, byte[] body) {
        Long retryAfter = headers.firstValue("Retry-After").map(this::retryAfterSeconds).orElse(null);
        JsonNode error = parseObject(body);
        String fallbackCode = "http-" + status;
        if (error == null) {
            return new MediaoptApiException(status, fallbackCode, describeRaw(status, body), retryAfter);
        }
        String code = textOr(error.get("code"), fallbackCode);
        String message = textOr(error.get("error"), "HTTP " + status + " without an error message");
        return new MediaoptApiException(status, code, message, retryAfter);
    }

    /** Retry-After is either delta-seconds or an HTTP date; a value that is neither is ignored. */
    Long retryAfterSeconds(String value) {
        String trimmed = value.trim();
        try {
            return Math.max(0, Long.parseLong(trimmed));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime when = ZonedDateTime.parse(trimmed, DateTimeFormatter.RFC_1123_DATE_TIME);
                long seconds = Duration.between(clock.instant(), when.toInstant()).toSeconds();
                return Math.max(0, seconds);
            } catch (DateTimeParseException notADate) {
                return null;
            }
        }
    }

    private JsonNode parseObject(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            JsonNode node = json.readTree(body);
            return node != null && node.isObject() ? node : null;
        } catch (IOException notJson) {
            return null;
        }
    }

    private static String textOr(JsonNode node, String fallback) {
        return node != null && node.isTextual() && !node.asText().isBlank() ? node.asText() : fallback;
    }

    private static String describeRaw(int status, byte[] body) {
        String text = body == null ? "" : new String(body, StandardCharsets.UTF_8).strip();
        if (text.isEmpty()) {
            return "HTTP " + status + " with an empty body";
        }
        if (text.length() > MAX_QUOTED_CHARS) {
            text = text.substring(0, MAX_QUOTED_CHARS) + "...";
        }
        return "HTTP " + status + ": " + text;
    }
}
