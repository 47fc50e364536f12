package io.mediaopt.security;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests the HTTP server refuses before any route sees them (a request line, header or path
 * it cannot take) still get the API's JSON error and the headers every answer carries, not the
 * server's HTML page; and the service answers the next request.
 */
@Integration
class MalformedHttpTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.withDefaults();

    @Test
    void aPathThatDoesNotDecodeIsInvalidInput() throws Exception {
        refused("GET /api/media/jobs/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400, "invalid-input");
        refused("GET /api/media/jobs/%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400, "invalid-input");
    }

    @Test
    void aUriOrHeadersOverTheServersLimitsAreInvalidInput() throws Exception {
        refused("GET /api/health?" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 414, "invalid-input");
        refused("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "a".repeat(20_000) + "\r\n\r\n",
                431, "invalid-input");
    }

    @Test
    void aBodyWhoseLengthCannotBeTrustedIsInvalidInput() throws Exception {
        refused("POST /api/media/optimize HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
                400, "invalid-input");
        refused("POST /api/media/optimize HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "invalid-input");
        refused("GET /api/health HTTP/1.1\r\n\r\n", 400, "invalid-input");
    }

    @Test
    void aProtocolTheServerDoesNotSpeakIsInvalidInput() throws Exception {
        refused("GET /api/health HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n", 505, "invalid-input");
        // the first bytes of a TLS handshake sent to the plain HTTP port
        refused("\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003\r\n\r\n", 400, "invalid-input");
        assertThat(RawRequests.get(server.baseUrl() + "/health").statusCode()).isEqualTo(200);
    }

    private static void refused(String request, int status, String code) throws Exception {
        String answer = RawRequests.exchange(server, request.getBytes(StandardCharsets.ISO_8859_1));
        int end = answer.indexOf("\r\n\r\n");
        assertThat(end).as(answer).isPositive();
        String head = answer.substring(0, end).toLowerCase(Locale.ROOT);
        assertThat(head).startsWith("http/1.1 " + status + " ")
                .contains("\r\ncontent-type: application/json")
                .contains("\r\nx-content-type-options: nosniff")
                .containsPattern("\r\nx-request-id: [0-9a-f-]{36}");
        JsonNode body = RawRequests.JSON.readTree(answer.substring(end + 4));
        assertThat(body.path("code").asText()).isEqualTo(code);
        assertThat(body.path("error").asText()).isNotBlank();
    }
}
