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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void aResumableUploadsRefusedPieceGetsItsAnswerWithoutBeingSent(@TempDir Path dir) throws Exception {
        Path video = Files.write(dir.resolve("clip.mp4"), new byte[4 << 20]);
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             MediaoptClient client = MediaoptClient.builder("http://127.0.0.1:" + listener.getLocalPort() + "/api")
                     .build()) {
            CompletableFuture<Seen> seen = CompletableFuture.supplyAsync(() -> {
                answer(listener, "201 Created", "Location: /api/uploads/u1\r\nUpload-Offset: 0\r\nTus-Resumable: 1.0.0",
                        "");
                return answer(listener, "404 Not Found", "Content-Type: application/json",
                        "{\"error\":\"no such upload\",\"code\":\"not-found\"}");
            });

            assertThatThrownBy(() -> client.upload(video, "web", OptimizeOptions.DEFAULT, (received, total) -> {}))
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> assertThat(e.status()).isEqualTo(404));
            Seen piece = seen.get(10, TimeUnit.SECONDS);
            assertThat(piece.head()).startsWith("PATCH ");
            assertThat(piece.head().toLowerCase(Locale.ROOT)).contains("expect: 100-continue");
            assertThat(piece.bodyBytes()).as("piece bytes sent after the refusal").isZero();
        }
    }

    /** Reads one request's head, answers 401 without a 100 Continue, then counts what arrives for half a second. */
    private static Seen refuseOnce(ServerSocket listener) {
        return answer(listener, "401 Unauthorized", "Content-Type: application/json", REFUSAL);
    }

    /** Answers one connection's request from its head alone, then counts what arrives for half a second. */
    private static Seen answer(ServerSocket listener, String status, String headers, String json) {
        try (Socket socket = listener.accept()) {
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) break;
                head.write(b);
            }
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            OutputStream out = socket.getOutputStream();
            out.write(("HTTP/1.1 " + status + "\r\n" + headers + "\r\nContent-Length: " + body.length
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
