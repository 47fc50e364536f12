package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * An upload the service refuses from its headers alone (a wrong key, busy) is answered before
 * the file is sent: the client asks first, so a phone does not send 50 MB to hear "401", and the
 * answer is not lost when the server closes on a body it never read.
 */
class RefusedUploadTest {
    private static final String REFUSAL = "{\"error\":\"a valid API key is required\",\"code\":\"unauthorized\"}";

    /** What a server that refuses at once saw: the request's head and how many body bytes followed. */
    private record Seen(String head, long bodyBytes) {}

    @Test
    void aRefusedUploadGetsItsAnswerWithoutItsBodyBeingSent() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             MediaoptClient client = MediaoptClient.builder("http://127.0.0.1:" + listener.getLocalPort() + "/api")
                     .apiKey("wrong-key").build()) {
            CompletableFuture<Seen> seen = CompletableFuture.supplyAsync(() -> refuseOnce(listener));

            assertThatThrownBy(() -> client.submitJob("clip.mp4", new byte[4 << 20], "web"))
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                        assertThat(e.status()).isEqualTo(401);
                        assertThat(e.code()).isEqualTo("unauthorized");
                    });
            Seen request = seen.get(10, TimeUnit.SECONDS);
            assertThat(request.head().toLowerCase(Locale.ROOT)).contains("expect: 100-continue");
            assertThat(request.bodyBytes()).as("body bytes sent after the refusal").isZero();
        }
    }

    /** Reads one request's head, answers 401 without a 100 Continue, then counts what arrives for half a second. */
    private static Seen refuseOnce(ServerSocket listener) {
        try (Socket socket = listener.accept()) {
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) break;
                head.write(b);
            }
            byte[] body = REFUSAL.getBytes(StandardCharsets.UTF_8);
            OutputStream out = socket.getOutputStream();
            out.write(("HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            socket.setSoTimeout(500);
            long after = 0;
            try {
                for (int n; (n = in.read(new byte[8192])) > 0; ) after += n;
            } catch (SocketTimeoutException quiet) {
                // nothing more came
            }
            return new Seen(head.toString(StandardCharsets.ISO_8859_1), after);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
