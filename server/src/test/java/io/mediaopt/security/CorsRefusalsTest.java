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
 * The answers the HTTP server gives itself, through its error handler rather than a route, are
 * readable by an allowed page too, whenever the server read the request's headers; a request it
 * refused before reading them has no known origin.
 */
@Integration
class CorsRefusalsTest {
    private static final String SHOP = "https://shop.example.com";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_CORS_ORIGINS", SHOP));

    @Test
    void aRefusalOfARequestWhoseHeadersWereReadCarriesThem() throws Exception {
        String allowed = head("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: " + SHOP
                + "\r\nExpect: a-miracle\r\nConnection: close\r\n\r\n");
        String other = head("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example.net"
                + "\r\nExpect: a-miracle\r\nConnection: close\r\n\r\n");

        assertThat(allowed).startsWith("http/1.1 417 ").contains("\r\naccess-control-allow-origin: " + SHOP + "\r\n",
                "\r\naccess-control-expose-headers: ", "\r\nvary: origin\r\n", "\r\ncontent-type: application/json");
        assertThat(other).startsWith("http/1.1 417 ").contains("\r\nvary: origin\r\n")
                .doesNotContain("access-control-");
    }

    @Test
    void aRefusalBeforeTheHeadersWereReadCannotNameTheOrigin() throws Exception {
        String head = head("GET /api/media/jobs/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: " + SHOP
                + "\r\nConnection: close\r\n\r\n");

        assertThat(head).startsWith("http/1.1 400 ").contains("\r\nvary: origin\r\n").doesNotContain("access-control-");
    }

    private static String head(String request) throws Exception {
        String answer = RawRequests.exchange(server, request.getBytes(StandardCharsets.ISO_8859_1));
        int end = answer.indexOf("\r\n\r\n");
        assertThat(end).as(answer).isPositive();
        return answer.substring(0, end + 2).toLowerCase(Locale.ROOT);
    }
}
