package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The tus 1.0.0 routes under /api/uploads (docs/api-uploads.md, Resumable uploads): creation refuses what
 * the form refuses before any byte, the offset only moves forward from where it is, nothing goes
 * past the declared length, another key sees nothing, and the last byte makes the job.
 */
@Integration
public class ResumableUploadsApiTest {
    private static final String ALICE = "alice-0e4b7c92d1";
    private static final String BOB = "bob-5a1f8e3c70";
    private static final String CAROL = "carol-93d2b6a4e8";
    private static final long MAX_INPUT = 3_000_000;
    static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1",
            "SERVICE_MAX_INPUT_BYTES", Long.toString(MAX_INPUT), "SERVICE_MAX_OPEN_UPLOADS", "10",
            "SERVICE_API_KEYS", "alice:" + ALICE + ",bob:" + BOB + ",carol:" + CAROL));
    static byte[] photo;

    @BeforeAll
    static void fixtures() throws Exception {
        photo = Files.readAllBytes(Fixtures.photoJpeg(640, 480));
    }

    @Test
    void theLastByteMakesTheJobWhichNamesItsUpload() throws Exception {
        String upload = create(server, ALICE, photo.length, Map.of("filename", "photo.jpg", "preset", "web", "quality", "70"));
        int half = photo.length / 2;

        HttpResponse<String> first = patch(upload, ALICE, 0, Arrays.copyOfRange(photo, 0, half));
        assertThat(first.statusCode()).as(first.body()).isEqualTo(204);
        assertThat(first.headers().firstValue("Upload-Offset")).hasValue(Integer.toString(half));
        assertThat(first.headers().firstValue("Upload-Expires")).isPresent();
        assertThat(first.headers().firstValue("x-service-job-id")).isEmpty();
        assertThat(head(upload, ALICE).headers().firstValue("Upload-Offset")).hasValue(Integer.toString(half));

        HttpResponse<String> last = patch(upload, ALICE, half, Arrays.copyOfRange(photo, half, photo.length));
        assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
        String jobId = last.headers().firstValue("x-service-job-id").orElseThrow();
        HttpResponse<String> after = head(upload, ALICE);
        assertThat(after.headers().firstValue("Upload-Offset")).hasValue(Integer.toString(photo.length));
        assertThat(after.headers().firstValue("x-service-job-id")).hasValue(jobId);

        JsonNode job = Eventually.await(Duration.ofSeconds(60), () -> job(jobId, ALICE),
                j -> j.path("status").asText().equals("done"));
        assertThat(job.path("uploadId").asText()).isEqualTo(upload.substring(upload.lastIndexOf('/') + 1));
        assertThat(job.path("filename").asText()).isEqualTo("photo.jpg");
        assertThat(job.path("options").path("quality").asInt()).isEqualTo(70);
        assertThat(job.path("inputBytes").asLong()).isEqualTo(photo.length);
        assertThat(piecesOf(upload)).as("consumed by the job").isEmpty();
    }

    @Test
    void creationWithUploadTakesTheFirstBytesWithThePost() throws Exception {
        HttpResponse<String> made = Raw.send(tus(server.baseUrl() + "/uploads", ALICE)
                .header("Upload-Length", Integer.toString(photo.length))
                .header("Upload-Metadata", metadata(Map.of("filename", "p.jpg")))
                .header("Content-Type", "application/offset+octet-stream")
                .POST(BodyPublishers.ofByteArray(Arrays.copyOfRange(photo, 0, 1000))).build());
        assertThat(made.statusCode()).as(made.body()).isEqualTo(201);
        assertThat(made.headers().firstValue("Upload-Offset")).hasValue("1000");
        assertThat(made.headers().firstValue("Tus-Resumable")).hasValue("1.0.0");
    }

    @Test
    void aLengthOverTheInputLimitIs413AtCreation() throws Exception {
        HttpResponse<String> r = post(server, ALICE, MAX_INPUT + 1, Map.of("filename", "big.mp4"));
        assertError(r, 413, "too-large");
    }

    @Test
    void badMetadataIsRefusedAtCreationAsTheFormRefusesIt() throws Exception {
        for (Map<String, String> fields : List.of(Map.of("preset", "nope"), Map.of("quality", "１２"),
                Map.of("renditions", "hls,bogus"), Map.of("width", "0"), Map.of("format", "bmp"),
                Map.of("callbackUrl", "http://127.0.0.1/hook"))) {
            HttpResponse<String> form = Raw.send(RawMultipart.post(server.baseUrl(), "/media/jobs",
                    formParts(fields)).header("x-api-key", ALICE).build());
            Map<String, String> withName = new HashMap<>(fields);
            withName.put("filename", "p.jpg");
            HttpResponse<String> tus = post(server, ALICE, photo.length, withName);
            JsonNode refused = assertError(tus, 400, "invalid-input");
            assertThat(refused.path("error").asText()).as(fields.toString())
                    .isEqualTo(JSON.readTree(form.body()).path("error").asText());
        }
        assertError(post(server, ALICE, photo.length, Map.of("preset", "web")), 400, "invalid-input");
    }

    @Test
    void aPatchAtTheWrongOffsetIs409AndMovesNothing() throws Exception {
        String upload = create(server, ALICE, photo.length, Map.of("filename", "p.jpg"));
        assertThat(patch(upload, ALICE, 0, Arrays.copyOfRange(photo, 0, 100)).statusCode()).isEqualTo(204);

        assertError(patch(upload, ALICE, 0, Arrays.copyOfRange(photo, 0, 100)), 409, "offset-mismatch");
        assertError(patch(upload, ALICE, 200, Arrays.copyOfRange(photo, 200, 300)), 409, "offset-mismatch");
        assertThat(head(upload, ALICE).headers().firstValue("Upload-Offset")).hasValue("100");
    }

    @Test
    void aPatchRefusedFromItsHeadersIsAnsweredOnceItsBodyHasArrived() throws Exception {
        // closed on a body still arriving, the connection would be reset under a client still
        // sending it, and the answer lost: a small body is read before the answer
        String upload = create(server, ALICE, photo.length, Map.of("filename", "p.jpg"));
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), URI.create(server.baseUrl()).getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("PATCH " + URI.create(upload).getPath() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: " + ALICE
                    + "\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 5\r\nContent-Type: application/offset+octet-stream"
                    + "\r\nContent-Length: " + photo.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(photo, 0, photo.length - 1);
            out.flush();
            socket.setSoTimeout(1000);
            assertThatThrownBy(() -> socket.getInputStream().read()).as("an answer before the body's last byte")
                    .isInstanceOf(SocketTimeoutException.class);
            out.write(photo[photo.length - 1]);
            out.flush();
            socket.setSoTimeout(30_000);
            // all of it, up to a close that is no reset
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(answer).startsWith("HTTP/1.1 409").contains("\"code\":\"offset-mismatch\"");
        }
        assertThat(head(upload, ALICE).headers().firstValue("Upload-Offset")).hasValue("0");
    }

    @Test
    void aPieceThatDoesNotMatchItsChecksumIs460AndNothingOfItIsKept() throws Exception {
        String upload = create(server, ALICE, photo.length, Map.of("filename", "p.jpg"));
        byte[] piece = Arrays.copyOfRange(photo, 0, 1000);
        String sha1 = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1").digest(piece));

        HttpResponse<String> wrong = Raw.send(patchRequest(upload, ALICE, 0, Arrays.copyOfRange(photo, 1, 1001))
                .header("Upload-Checksum", "sha1 " + sha1).build());
        assertError(wrong, 460, "checksum-mismatch");
        assertThat(head(upload, ALICE).headers().firstValue("Upload-Offset")).hasValue("0");
        assertError(Raw.send(patchRequest(upload, ALICE, 0, piece).header("Upload-Checksum", "crc32 AAAA").build()),
                400, "invalid-input");

        HttpResponse<String> right = Raw.send(patchRequest(upload, ALICE, 0, piece)
                .header("Upload-Checksum", "sha1 " + sha1).build());
        assertThat(right.statusCode()).as(right.body()).isEqualTo(204);
        assertThat(right.headers().firstValue("Upload-Offset")).hasValue("1000");
    }

    @Test
    void bytesPastTheDeclaredLengthAreRefused() throws Exception {
        String upload = create(server, ALICE, 100, Map.of("filename", "p.jpg"));
        assertError(patch(upload, ALICE, 0, Arrays.copyOfRange(photo, 0, 101)), 413, "too-large");
        assertThat(head(upload, ALICE).headers().firstValue("Upload-Offset")).hasValue("0");
    }

    @Test
    void onlyTheCreatingKeyCanResumeReadOrDeleteAnUpload() throws Exception {
        String upload = create(server, ALICE, photo.length, Map.of("filename", "p.jpg"));
        assertThat(head(upload, BOB).statusCode()).isEqualTo(404);
        assertError(patch(upload, BOB, 0, Arrays.copyOfRange(photo, 0, 10)), 404, "not-found");
        assertError(Raw.send(tus(upload, BOB).DELETE().build()), 404, "not-found");
        assertThat(head(upload, ALICE).headers().firstValue("Upload-Offset")).hasValue("0");

        assertThat(patch(upload, ALICE, 0, Arrays.copyOfRange(photo, 0, 10)).statusCode()).isEqualTo(204);
        assertThat(piecesOf(upload)).hasSize(1);
        assertThat(Raw.send(tus(upload, ALICE).DELETE().build()).statusCode()).isEqualTo(204);
        assertThat(head(upload, ALICE).statusCode()).isEqualTo(404);
        assertThat(piecesOf(upload)).isEmpty();
    }

    @Test
    void aKeyHoldsABoundedNumberOfOpenUploads() throws Exception {
        for (int i = 0; i < 10; i++) create(server, CAROL, 10, Map.of("filename", "p.jpg"));
        assertError(post(server, CAROL, 10, Map.of("filename", "p.jpg")), 429, "too-many-uploads");
        assertThat(post(server, BOB, 10, Map.of("filename", "p.jpg")).statusCode()).as("another key").isEqualTo(201);
    }

    @Test
    void aRequestWithoutTheProtocolVersionIs412() throws Exception {
        HttpResponse<String> r = Raw.send(Raw.request(server.baseUrl(), "/uploads").header("x-api-key", ALICE)
                .header("Upload-Length", "10").POST(BodyPublishers.noBody()).build());
        assertError(r, 412, "unsupported-protocol");
        assertThat(r.headers().firstValue("Tus-Version")).hasValue("1.0.0");
    }

    @Test
    void anUploadThatIsNoMediaEndsAs415AndIsGone() throws Exception {
        byte[] text = "just some text, not an image".getBytes(StandardCharsets.UTF_8);
        String upload = create(server, ALICE, text.length, Map.of("filename", "p.jpg"));
        assertError(patch(upload, ALICE, 0, text), 415, "unsupported-type");
        assertThat(head(upload, ALICE).statusCode()).isEqualTo(404);
    }

    /** The pieces of an unfinished upload in the server's storage. */
    private static List<Path> piecesOf(String upload) throws IOException {
        Path dir = server.outputDir().resolve("upload-parts").resolve(upload.substring(upload.lastIndexOf('/') + 1));
        if (!Files.isDirectory(dir)) return List.of();
        try (var files = Files.list(dir)) {
            return files.toList();
        }
    }

    public static String create(RunningServer server, String key, long length, Map<String, String> fields) throws Exception {
        HttpResponse<String> r = post(server, key, length, fields);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        assertThat(r.headers().firstValue("Upload-Offset")).hasValue("0");
        return r.headers().firstValue("Location").orElseThrow();
    }

    private static HttpResponse<String> post(RunningServer server, String key, long length, Map<String, String> fields) throws Exception {
        return Raw.send(tus(server.baseUrl() + "/uploads", key).header("Upload-Length", Long.toString(length))
                .header("Upload-Metadata", metadata(fields)).POST(BodyPublishers.noBody()).build());
    }

    private static HttpResponse<String> patch(String upload, String key, long offset, byte[] bytes) throws Exception {
        return Raw.send(patchRequest(upload, key, offset, bytes).build());
    }

    private static HttpRequest.Builder patchRequest(String upload, String key, long offset, byte[] bytes) {
        return tus(upload, key).header("Upload-Offset", Long.toString(offset))
                .header("Content-Type", "application/offset+octet-stream")
                .method("PATCH", BodyPublishers.ofByteArray(bytes));
    }

    public static HttpResponse<String> head(String upload, String key) throws Exception {
        return Raw.send(tus(upload, key).method("HEAD", BodyPublishers.noBody()).build());
    }

    private static JsonNode job(String id, String key) throws Exception {
        return JSON.readTree(Raw.send(Raw.request(server.baseUrl(), "/media/jobs/" + id).header("x-api-key", key)
                .build()).body());
    }

    private static HttpRequest.Builder tus(String url, String key) {
        return HttpRequest.newBuilder(URI.create(url)).header("x-api-key", key).header("Tus-Resumable", "1.0.0");
    }

    public static String metadata(Map<String, String> fields) {
        return fields.entrySet().stream().map(e -> e.getKey() + " " + Base64.getEncoder()
                .encodeToString(e.getValue().getBytes(StandardCharsets.UTF_8))).collect(Collectors.joining(","));
    }

    private static List<Part> formParts(Map<String, String> fields) throws IOException {
        List<Part> parts = new ArrayList<>(List.of(Part.file("media", "p.jpg", photo)));
        fields.forEach((name, value) -> parts.add(Part.text(name, value)));
        return parts;
    }

    private static JsonNode assertError(HttpResponse<String> r, int status, String code) throws IOException {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.path("code").asText()).as(r.body()).isEqualTo(code);
        return body;
    }
}
