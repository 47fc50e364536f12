package io.mediaopt.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests no well-behaved client sends: {@link RawMultipart} forms posted with a bounded wait
 * and read back as bytes, bodies sent under any Content-Type, and plain socket conversations for
 * bodies that stop or crawl.
 */
final class RawRequests {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private RawRequests() {}

    static HttpResponse<byte[]> post(String baseUrl, String path, List<Part> parts) throws Exception {
        return post(baseUrl, path, RawMultipart.CONTENT_TYPE, RawMultipart.body(parts));
    }

    static HttpResponse<byte[]> post(String baseUrl, String path, String contentType, byte[] body) throws Exception {
        return post(HTTP, baseUrl, path, contentType, body);
    }

    /** A client of its own, for a test that must drop every request it made (its pooled connections keep them). */
    static HttpClient newClient() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    }

    static HttpResponse<byte[]> post(HttpClient client, String baseUrl, String path, List<Part> parts) throws Exception {
        return post(client, baseUrl, path, RawMultipart.CONTENT_TYPE, RawMultipart.body(parts));
    }

    private static HttpResponse<byte[]> post(HttpClient client, String baseUrl, String path, String contentType,
                                             byte[] body) throws Exception {
        return send(client, HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofMinutes(3))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build());
    }

    static HttpResponse<byte[]> get(String url) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(1)).GET().build());
    }

    static HttpResponse<byte[]> send(HttpRequest request) throws Exception {
        return send(HTTP, request);
    }

    /**
     * Sends once more when the answer was a connection closed before any byte: the client is
     * shared by every test class, and a connection it kept open to a server another class
     * stopped can be picked for a new server that was given the same port.
     */
    private static HttpResponse<byte[]> send(HttpClient client, HttpRequest request) throws Exception {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            if (e.getMessage() == null || !e.getMessage().contains("received no bytes")) throw e;
            return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        }
    }

    /** The body is JSON {"error", "code"} with this status and code; returns it. */
    static JsonNode assertError(HttpResponse<byte[]> response, int status, String code) throws IOException {
        String text = new String(response.body(), StandardCharsets.UTF_8);
        assertThat(response.statusCode()).as(text).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        JsonNode body = JSON.readTree(text);
        assertThat(body.path("code").asText()).as(text).isEqualTo(code);
        assertThat(body.path("error").asText()).isNotBlank();
        return body;
    }

    static JsonNode json(HttpResponse<byte[]> response) throws IOException {
        return JSON.readTree(response.body());
    }

    /** A plain TCP connection to the server, for requests that stop or crawl. */
    static Socket connect(RunningServer server) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", URI.create(server.baseUrl()).getPort()), 10_000);
        socket.setSoTimeout(60_000);
        return socket;
    }

    /** A body-less request with its request line exactly as written (no client normalises the path); the whole answer back. */
    static String exchange(RunningServer server, String method, String target) throws IOException {
        return exchange(server, (method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Bytes exactly as given, no client in between; the whole answer back. */
    static String exchange(RunningServer server, byte[] request) throws IOException {
        try (Socket socket = connect(server)) {
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            return readUntilClosed(socket);
        }
    }

    /**
     * Posts the form over a plain connection, its body sent from another thread while the answer
     * is read, as a browser sends: a refusal part way through a body bigger than the server reads
     * on before answering comes back, though the server then closes on the rest and the client's
     * writes meet a reset (a client that reads only once its body is sent, as the JDK's does, can
     * lose the answer there). The whole answer back.
     */
    static String postWhileReading(RunningServer server, String path, List<Part> parts) throws Exception {
        byte[] body = RawMultipart.body(parts);
        try (Socket socket = connect(server)) {
            OutputStream out = socket.getOutputStream();
            writeHead(out, path, body.length);
            Thread sender = Thread.ofVirtual().start(() -> {
                try {
                    out.write(body);
                    out.flush();
                } catch (IOException e) {
                    // the server answered and closed before the body was all sent: the answer is what counts
                }
            });
            String answer = readUntilClosed(socket);
            sender.join(Duration.ofMinutes(1));
            return answer;
        }
    }

    /**
     * Sends the body one byte every 100 ms (well under the read timeout, far under the minimum
     * rate) until the server answers or drops the connection, for at most 300 bytes; whether it did.
     */
    static boolean trickle(Socket socket, byte[] body) throws IOException, InterruptedException {
        OutputStream out = socket.getOutputStream();
        for (int i = 0; i < 300; i++) {
            try {
                out.write(body[i]);
                out.flush();
                Thread.sleep(100);
            } catch (IOException e) {
                return true;
            }
            if (socket.getInputStream().available() > 0) return true;
        }
        return false;
    }

    /** Writes the head of a multipart POST that announces {@code contentLength} body bytes. */
    static void writeHead(OutputStream out, String path, long contentLength) throws IOException {
        String head = "POST /api" + path + " HTTP/1.1\r\n"
                + "Host: 127.0.0.1\r\n"
                + "Content-Type: " + RawMultipart.CONTENT_TYPE + "\r\n"
                + "Content-Length: " + contentLength + "\r\n"
                + "\r\n";
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /**
     * Everything the server sends until it closes the connection. A read that times out (the
     * socket's SO_TIMEOUT) throws: the server was expected to end the conversation first.
     */
    static String readUntilClosed(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) seen.write(buffer, 0, n);
        } catch (SocketException e) {
            // a reset after the answer is a close too
        }
        return seen.toString(StandardCharsets.ISO_8859_1);
    }

    /** Waits (bounded) until the directory holds no file; returns what is left if it never empties. */
    static List<Path> awaitEmpty(Path dir, Duration within) throws Exception {
        return Eventually.await(within, () -> filesIn(dir), List::isEmpty);
    }

    /** The files under {@code dir}; a file deleted while the tree is walked makes it walk again. */
    static List<Path> filesIn(Path dir) {
        for (int attempt = 0; ; attempt++) {
            if (!Files.isDirectory(dir)) return List.of();
            try (Stream<Path> files = Files.walk(dir)) {
                return files.filter(Files::isRegularFile).toList();
            } catch (IOException | UncheckedIOException e) {
                if (attempt == 10) throw new IllegalStateException("cannot list " + dir, e);
            }
        }
    }
}
