package io.mediaopt.security;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.mediaopt.security.RawRequests.assertError;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Forms built to hurt the parser: no boundary, thousands of parts, a huge text field, two files,
 * bodies that stop or crawl. Each gets a clear answer (or a closed connection), and no upload
 * or Jetty part file is left in SERVICE_OUTPUT_DIR/uploads.
 */
@Integration
class MultipartAbuseTest {
    private static final List<String> ROUTES = List.of("/media/optimize", "/media/jobs");

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_READ_TIMEOUT_MS", "1500"));
    static byte[] photo;

    @BeforeAll
    static void start() throws Exception {
        // a short read timeout, so the stalled-client case is over in seconds
        photo = Files.readAllBytes(Fixtures.photoJpeg(320, 240));
    }

    @AfterEach
    void nothingIsLeftInTheUploadDirectory() throws Exception {
        assertThat(RawRequests.awaitEmpty(uploads(), Duration.ofSeconds(30))).isEmpty();
        assertThat(server.client().health().ok()).isTrue();
    }

    @Test
    void aMultipartBodyWithoutBoundaryIsInvalidInput() throws Exception {
        byte[] body = RawMultipart.body(List.of(Part.file("media", "a.jpg", photo)));
        for (String route : ROUTES) {
            assertError(RawRequests.post(server.baseUrl(), route, "multipart/form-data", body), 400, "invalid-input");
        }
    }

    @Test
    void tenThousandTinyPartsAreRefusedAsInvalidInput() throws Exception {
        List<Part> parts = new ArrayList<>();
        parts.add(Part.file("media", "a.jpg", photo));
        for (int i = 0; i < 10_000; i++) parts.add(Part.text("f" + i, new byte[]{'x'}));
        for (String route : ROUTES) {
            assertError(RawRequests.post(server.baseUrl(), route, parts), 400, "invalid-input");
        }
    }

    @Test
    void aFiftyMegabytePresetFieldIsInvalidInput() throws Exception {
        byte[] preset = new byte[50 * 1024 * 1024];
        Arrays.fill(preset, (byte) 'w');
        List<Part> parts = List.of(Part.file("media", "a.jpg", photo), Part.text("preset", preset));
        for (String route : ROUTES) {
            // refused at the field's 64th KB, with 50 MB still to come: read while sending, as a browser does
            String answer = RawRequests.postWhileReading(server, route, parts);
            assertThat(answer).startsWith("HTTP/1.1 400").contains("\"code\":\"invalid-input\"");
        }
    }

    @Test
    void twoMediaFieldsAreInvalidInput() throws Exception {
        List<Part> parts = List.of(Part.file("media", "a.jpg", photo), Part.file("media", "b.jpg", photo));
        for (String route : ROUTES) {
            assertError(RawRequests.post(server.baseUrl(), route, parts), 400, "invalid-input");
        }
    }

    @Test
    void aBodyThatStopsHalfWayLeavesNothingBehind() throws Exception {
        byte[] body = RawMultipart.body(List.of(Part.file("media", "a.jpg", new byte[4 * 1024 * 1024])));
        for (String route : ROUTES) {
            try (Socket socket = RawRequests.connect(server)) {
                OutputStream out = socket.getOutputStream();
                RawRequests.writeHead(out, route, body.length);
                out.write(body, 0, body.length / 2);
                out.flush();
                // enough for Jetty to have started a part file before the client walks away
                Thread.sleep(300);
            }
        }
    }

    @Test
    void aClientThatStopsSendingIsCutOffByTheReadTimeout() throws Exception {
        byte[] body = RawMultipart.body(List.of(Part.file("media", "a.jpg", new byte[1024 * 1024])));
        for (String route : ROUTES) {
            try (Socket socket = RawRequests.connect(server)) {
                // well past the configured read timeout, well short of Jetty's default of 30 s
                socket.setSoTimeout(20_000);
                OutputStream out = socket.getOutputStream();
                RawRequests.writeHead(out, route, body.length);
                out.write(body, 0, body.length / 2);
                out.flush();
                // the server, not this client, ends the conversation: the read returns at close
                String answer = RawRequests.readUntilClosed(socket);
                assertThat(answer).startsWith("HTTP/1.1 400").contains("\"code\":\"invalid-input\"");
            }
        }
    }

    @Test
    void aClientThatTricklesIsCutOffByTheMinimumRate() throws Exception {
        byte[] body = RawMultipart.body(List.of(Part.file("media", "a.jpg", photo)));
        try (Socket socket = RawRequests.connect(server)) {
            OutputStream out = socket.getOutputStream();
            RawRequests.writeHead(out, "/media/optimize", body.length);
            boolean cutOff = RawRequests.trickle(socket, body);
            String answer = cutOff ? RawRequests.readUntilClosed(socket) : "";
            assertThat(cutOff).as("the server ended the request").isTrue();
            // a write that met the reset may have lost the answer; one that was read is a 400
            if (!answer.isEmpty()) assertThat(answer).startsWith("HTTP/1.1 400").contains("\"code\":\"invalid-input\"");
        }
    }

    @Test
    void aClientReusingItsConnectionAfterABrokenFormLosesNoRequest() throws Exception {
        // Jetty closes a connection whose body it could not parse; unless the answer says so, a
        // client that sends its next request on it gets no answer at all
        byte[] broken = RawMultipart.body(List.of(Part.file("media",
                "\"a\r\nX-Injected: yes\r\n.jpg\"".getBytes(StandardCharsets.UTF_8), photo)));
        List<Part> good = List.of(Part.file("media", "ok.jpg", photo));
        for (int i = 0; i < 10; i++) {
            assertError(RawRequests.post(server.baseUrl(), "/media/jobs",
                    RawMultipart.CONTENT_TYPE, broken), 400, "invalid-input");
            assertThat(RawRequests.post(server.baseUrl(), "/media/jobs", good).statusCode()).isEqualTo(202);
        }
    }

    @Test
    void aWellFormedUploadStillWorksAfterAllThat() throws Exception {
        HttpResponse<byte[]> r = RawRequests.post(server.baseUrl(), "/media/optimize", List.of(
                Part.file("media", "ok.jpg", photo), Part.text("preset", "web")));
        assertThat(r.statusCode()).isEqualTo(200);
    }

    private static Path uploads() {
        return server.outputDir().resolve("uploads");
    }
}
