package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorResponsesTest {
    private final ErrorResponses errors = new ErrorResponses(new ObjectMapper(),
            Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));

    @Test
    void readsCodeMessageAndRetryAfterSeconds() {
        MediaoptApiException e = errors.toException(503, headers("Retry-After", "7"),
                bytes("{\"error\":\"The service is at capacity\",\"code\":\"busy\",\"extra\":1}"));

        assertThat(e.status()).isEqualTo(503);
        assertThat(e.code()).isEqualTo("busy");
        assertThat(e.getMessage()).isEqualTo("The service is at capacity");
        assertThat(e.retryAfterSeconds()).hasValue(7);
        assertThat(e.toString()).contains("HTTP 503 busy: The service is at capacity");
    }

    @Test
    void readsRetryAfterGivenAsAnHttpDate() {
        assertThat(errors.retryAfterSeconds("Thu, 01 Jan 2026 00:01:30 GMT")).isEqualTo(90L);
        assertThat(errors.retryAfterSeconds("Wed, 31 Dec 2025 23:00:00 GMT")).isZero();
        assertThat(errors.retryAfterSeconds("soon")).isNull();
    }

    @Test
    void aBodyThatIsNotTheServicesJsonGetsAnHttpCode() {
        MediaoptApiException e = errors.toException(502, headers(), bytes("<html>Bad gateway</html>"));

        assertThat(e.code()).isEqualTo("http-502");
        assertThat(e.getMessage()).isEqualTo("HTTP 502: <html>Bad gateway</html>");
        assertThat(e.retryAfterSeconds()).isEmpty();
    }

    @Test
    void jsonWithoutACodeStillGetsOne() {
        MediaoptApiException empty = errors.toException(500, headers(), new byte[0]);
        MediaoptApiException array = errors.toException(400, headers(), bytes("[1,2]"));
        MediaoptApiException noCode = errors.toException(418, headers(), bytes("{\"error\":\"teapot\"}"));

        assertThat(empty.code()).isEqualTo("http-500");
        assertThat(empty.getMessage()).contains("empty body");
        assertThat(array.code()).isEqualTo("http-400");
        assertThat(noCode.code()).isEqualTo("http-418");
        assertThat(noCode.getMessage()).isEqualTo("teapot");
    }

    @Test
    void longNonJsonBodiesAreShortenedInTheMessage() {
        MediaoptApiException e = errors.toException(500, headers(), bytes("x".repeat(5000)));

        assertThat(e.getMessage()).hasSizeLessThan(300).endsWith("...");
    }

    private static HttpHeaders headers(String... nameValues) {
        var map = new HashMap<String, List<String>>();
        for (int i = 0; i < nameValues.length; i += 2) {
            map.put(nameValues[i], List.of(nameValues[i + 1]));
        }
        return HttpHeaders.of(Map.copyOf(map), (name, value) -> true);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
