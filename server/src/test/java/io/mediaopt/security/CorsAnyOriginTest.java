package io.mediaopt.security;

import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SERVICE_CORS_ORIGINS={@code *}: every page may read answers, never with credentials, down to
 * those the HTTP server gives itself before any route (whose request it keeps no header of).
 */
@Integration
class CorsAnyOriginTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_CORS_ORIGINS", "*"));

    @Test
    void anyOriginIsAnsweredWithTheStarAndNoCredentials() throws Exception {
        String head = head("GET /api/media/jobs/none HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://any.example\r\n"
                + "Connection: close\r\n\r\n");

        assertThat(head).startsWith("http/1.1 404 ")
                .contains("\r\naccess-control-allow-origin: *\r\n", "\r\nvary: origin\r\n",
                        "\r\naccess-control-expose-headers: ")
                .doesNotContain("access-control-allow-credentials");
        assertThat(head("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
                .startsWith("http/1.1 200 ").doesNotContain("access-control-");
    }

    @Test
    void aPreflightIsAnsweredWithTheStar() throws Exception {
        String head = head("OPTIONS /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://any.example\r\n"
                + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: upload-length\r\n"
                + "Connection: close\r\n\r\n");

        assertThat(head).startsWith("http/1.1 204 ").contains("\r\naccess-control-allow-origin: *\r\n",
                "\r\naccess-control-allow-methods: get, head, post, patch, delete, options\r\n");
    }

    @Test
    void aRefusalOfTheHttpServerItselfIsReadableToo() throws Exception {
        String head = head("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://any.example\r\n"
                + "X-Big: " + "a".repeat(20_000) + "\r\n\r\n");

        assertThat(head).startsWith("http/1.1 431 ").contains("\r\naccess-control-allow-origin: *\r\n",
                "\r\ncontent-type: application/json");
    }

    private static String head(String request) throws Exception {
        String answer = RawRequests.exchange(server, request.getBytes(StandardCharsets.ISO_8859_1));
        int end = answer.indexOf("\r\n\r\n");
        assertThat(end).as(answer).isPositive();
        return answer.substring(0, end + 2).toLowerCase(Locale.ROOT);
    }
}
