package io.mediaopt.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** API keys as docs/api.md (Authentication) says, with keys set. */
@Integration
class AuthApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_API_KEYS", "first-key,second-key"));

    @Test
    void requestsWithoutAValidKeyGetTheExact401() throws Exception {
        for (String path : List.of("/usage", "/media/presets", "/media/jobs/abc", "/no/such/path")) {
            HttpResponse<String> r = Raw.send(Raw.request(server.baseUrl(), path).GET().build());
            assertThat(r.statusCode()).as(path).isEqualTo(401);
            assertThat(new ObjectMapper().readTree(r.body())).isEqualTo(new ObjectMapper().readTree(
                    "{\"error\":\"Unauthorized: valid API key required\",\"code\":\"unauthorized\"}"));
        }
        HttpResponse<String> wrong = Raw.send(Raw.request(server.baseUrl(), "/usage")
                .header("x-api-key", "first-kez").GET().build());
        assertThat(wrong.statusCode()).isEqualTo(401);
        HttpResponse<String> upload = Raw.send(RawMultipart.post(server.baseUrl(), "/media/optimize",
                List.of(Part.file("media", "a.jpg", new byte[]{1, 2, 3}))).build());
        assertThat(upload.statusCode()).isEqualTo(401);
    }

    @Test
    void anUploadRefusedBeforeItsBodyIsReadStillGetsItsAnswer() throws Exception {
        // the answer goes out while the body is still arriving: it must not be lost in a reset
        byte[] photo = new byte[600_000];
        for (int i = 0; i < 20; i++) {
            HttpResponse<String> refused = Raw.send(RawMultipart.post(server.baseUrl(), "/media/optimize",
                    List.of(Part.file("media", "photo.jpg", photo))).build());
            assertThat(refused.statusCode()).as("attempt %d", i).isEqualTo(401);
        }
    }

    @Test
    void anUploadThatAsksFirstIsRefusedWithoutBeingAskedForItsBody() throws Exception {
        // "Expect: 100-continue", as the Java client sends an upload: the 401 comes instead of
        // "100 Continue", and the client sends none of the body
        try (Socket socket = connect()) {
            socket.getOutputStream().write(("POST /api/media/optimize HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "x-api-key: first-kez\r\nContent-Type: " + RawMultipart.CONTENT_TYPE + "\r\n"
                    + "Content-Length: 600000\r\nExpect: 100-continue\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            assertThat(new String(in.readNBytes(12), StandardCharsets.ISO_8859_1)).isEqualTo("HTTP/1.1 401");
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).contains("\"code\":\"unauthorized\"");
        }
    }

    @Test
    void aRefusedUploadOfUnknownLengthIsAnsweredOnceItsSmallBodyHasArrived() throws Exception {
        // sent in chunks, as a stream of unknown length is: read up to the limit a declared length has
        try (Socket socket = connect()) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/media/optimize HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + RawMultipart.CONTENT_TYPE
                    + "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + Integer.toHexString(600_000) + "\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[600_000]);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            socket.setSoTimeout(1000);
            assertThatThrownBy(() -> socket.getInputStream().read()).as("an answer before the body's end")
                    .isInstanceOf(SocketTimeoutException.class);
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            socket.setSoTimeout(10_000);
            // all of it, up to a close that is no reset
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(answer).startsWith("HTTP/1.1 401").contains("\"code\":\"unauthorized\"");
        }
    }

    private static Socket connect() throws Exception {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), URI.create(server.baseUrl()).getPort());
        socket.setSoTimeout(10_000);
        return socket;
    }

    @Test
    void eitherKeyWorksInEitherHeader() throws Exception {
        assertThat(Raw.send(Raw.request(server.baseUrl(), "/usage").header("x-api-key", "second-key").GET().build())
                .statusCode()).isEqualTo(200);
        assertThat(Raw.send(Raw.request(server.baseUrl(), "/usage").header("Authorization", "Bearer first-key")
                .GET().build()).statusCode()).isEqualTo(200);
        assertThat(server.client().getUsage().totalJobs()).isZero();
    }

    @Test
    void healthIsAlwaysPublic() throws Exception {
        HttpResponse<String> r = Raw.send(Raw.request(server.baseUrl(), "/health").GET().build());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"status\":\"ok\"");
    }

    @Test
    void theApiDocumentIsAlwaysPublic() throws Exception {
        HttpResponse<String> r = Raw.send(Raw.request(server.baseUrl(), "/openapi.json").GET().build());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(r.body()).contains("\"openapi\": \"3.1.0\"");
    }

    @Test
    void withoutKeysConfiguredEverythingIsPublic() throws Exception {
        try (TestService open = TestService.start()) {
            HttpResponse<String> r = Raw.send(Raw.request(open.baseUrl(), "/usage").GET().build());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(Raw.send(Raw.request(open.baseUrl(), "/usage").method("HEAD", HttpRequest.BodyPublishers.noBody())
                    .build()).statusCode()).isEqualTo(200);
        }
    }
}
