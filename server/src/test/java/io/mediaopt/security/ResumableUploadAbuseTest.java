package io.mediaopt.security;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.api.ResumableUploadsApiTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A resumable upload's PATCH that crawls is cut off by the minimum rate, and what arrived is kept. */
@Integration
class ResumableUploadAbuseTest {
    /** Keys are off: the header is sent and ignored. */
    private static final String KEY = "unused";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1"));

    @Test
    void aPatchThatTricklesIsCutOffAndKeepsWhatArrived() throws Exception {
        byte[] photo = Files.readAllBytes(Fixtures.photoJpeg(640, 480));
        // the server has read other bodies first: the rate is the PATCH's own, not the server's
        for (int i = 0; i < 3; i++) {
            assertThat(RawRequests.post(server.baseUrl(), "/media/jobs", List.of(Part.file("media", "p.jpg", photo)))
                    .statusCode()).isEqualTo(202);
        }
        String upload = ResumableUploadsApiTest.create(server, KEY, photo.length, Map.of("filename", "p.jpg"));
        try (Socket socket = RawRequests.connect(server)) {
            socket.getOutputStream().write(("PATCH " + URI.create(upload).getPath() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "x-api-key: " + KEY + "\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\n"
                    + "Content-Type: application/offset+octet-stream\r\nContent-Length: " + photo.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            assertThat(RawRequests.trickle(socket, photo)).as("the server ended the request").isTrue();
        }
        long offset = Long.parseLong(ResumableUploadsApiTest.head(upload, KEY).headers().firstValue("Upload-Offset")
                .orElseThrow());
        assertThat(offset).as("the bytes that arrived are kept").isBetween(1L, 300L);
    }
}
