package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.JobSubmission;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.OptimizeOptions;
import io.mediaopt.media.AppendedFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Uploads straight to the bucket (docs/api-uploads.md): the client PUTs the file to the pre-signed URL of a
 * real S3 server, and completing the upload makes the job from the object, whose size and kind are
 * read from it; only the creating key may complete it; without S3 the route says so.
 */
@Integration
class DirectUploadsApiTest {
    /** A PUT the bucket answered with 403, or cut off while the body was still being sent. */
    private static final int FORBIDDEN = 403;
    private static final int CUT_OFF = -1;

    private static final String ALICE = "alice-0e4b7c92d1";
    private static final String BOB = "bob-5a1f8e3c70";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> SETTINGS = Map.of("SERVICE_WORKERS", "1",
            "SERVICE_MAX_INPUT_BYTES", "3000000", "SERVICE_API_KEYS", "alice:" + ALICE + ",bob:" + BOB);

    @RegisterExtension
    static final RunningServer server = RunningServer.with(SETTINGS).withS3();
    @RegisterExtension
    static final RunningServer local = RunningServer.with(SETTINGS);
    static byte[] photo;

    @BeforeAll
    static void fixtures() throws Exception {
        photo = Files.readAllBytes(Fixtures.photoJpeg(640, 480));
    }

    @Test
    void aFilePutToTheBucketBecomesAJobOnlyForItsKeyAndOnlyOnce() throws Exception {
        JsonNode started = start(server, ALICE, Map.of("filename", "photo.jpg", "size", photo.length,
                "contentType", "image/jpeg", "preset", "web", "quality", 70));
        assertThat(Instant.parse(started.path("expiresAt").asText()))
                .isCloseTo(Instant.now().plus(Duration.ofMinutes(15)), within(Duration.ofMinutes(1)));
        String id = started.path("uploadId").asText();
        assertError(complete(id, ALICE), 409, "not-ready");

        assertThat(refusal(started, Arrays.copyOf(photo, photo.length + 1))).as("longer than declared")
                .isIn(FORBIDDEN, CUT_OFF);
        // refused or cut off, nothing of it was kept
        assertError(complete(id, ALICE), 409, "not-ready");
        assertThat(put(started, photo).statusCode()).isEqualTo(200);
        assertError(complete(id, BOB), 404, "not-found");
        HttpResponse<String> done = complete(id, ALICE);
        assertThat(done.statusCode()).as(done.body()).isEqualTo(202);
        String jobId = JSON.readTree(done.body()).path("jobId").asText();
        assertThat(JSON.readTree(complete(id, ALICE).body()).path("jobId").asText()).as("asked again").isEqualTo(jobId);

        JsonNode job = Eventually.await(Duration.ofSeconds(60), () -> JSON.readTree(Raw.send(
                        Raw.request(server.baseUrl(), "/media/jobs/" + jobId).header("x-api-key", ALICE).build()).body()),
                j -> j.path("status").asText().equals("done"));
        assertThat(job.path("inputBytes").asLong()).as("read from the object").isEqualTo(photo.length);
        assertThat(job.path("options").path("quality").asInt()).isEqualTo(70);
        assertThat(job.path("uploadId").asText()).isEqualTo(id);
        Eventually.until(Duration.ofSeconds(30), "the input deleted once the job ended",
                () -> !server.s3().holds("direct-uploads/" + id));
    }

    @Test
    void aPolyglotPutToTheBucketFailsItsJobAsAnUnsupportedType() throws Exception {
        byte[] polyglot = AppendedFiles.concat(photo, AppendedFiles.zip());
        JsonNode started = start(server, ALICE, Map.of("filename", "photo.jpg", "size", polyglot.length,
                "contentType", "image/jpeg", "preset", "web"));
        assertThat(put(started, polyglot).statusCode()).isEqualTo(200);
        HttpResponse<String> done = complete(started.path("uploadId").asText(), ALICE);
        assertThat(done.statusCode()).as("its first bytes are a JPEG's: %s", done.body()).isEqualTo(202);

        try (MediaoptClient alice = MediaoptClient.builder(server.baseUrl()).apiKey(ALICE).build()) {
            Job job = alice.waitForJob(JSON.readTree(done.body()).path("jobId").asText(), Duration.ofSeconds(60));
            assertThat(job.status()).isEqualTo(JobStatus.FAILED);
            assertThat(job.error().code()).isEqualTo("unsupported-type");
            assertThat(job.error().message()).contains("ZIP archive appended (a polyglot)");
        }
    }

    @Test
    void theJavaClientPutsAFileStraightIntoTheBucket(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("photo.jpg"), photo);
        try (MediaoptClient alice = MediaoptClient.builder(server.baseUrl()).apiKey(ALICE).build()) {
            JobSubmission submitted = alice.directUpload(file, "image/jpeg", "web",
                    OptimizeOptions.DEFAULT.withQuality(70));
            Job job = alice.waitForJob(submitted.jobId(), Duration.ofSeconds(60));
            assertThat(job.status()).isEqualTo(JobStatus.DONE);
            assertThat(job.inputBytes()).isEqualTo((long) photo.length);
        }
        try (MediaoptClient onLocalDisk = MediaoptClient.builder(local.baseUrl()).apiKey(ALICE).build()) {
            assertThatThrownBy(() -> onLocalDisk.directUpload(file, "image/jpeg", "web", OptimizeOptions.DEFAULT))
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                        assertThat(e.status()).isEqualTo(501);
                        assertThat(e.code()).isEqualTo("not-supported");
                    });
        }
    }

    @Test
    void theKindIsSniffedFromTheObjectNotTakenFromTheRequest() throws Exception {
        byte[] text = "just some text, not an image".getBytes(StandardCharsets.UTF_8);
        JsonNode started = start(server, ALICE, Map.of("filename", "photo.jpg", "size", text.length,
                "contentType", "image/jpeg"));
        String id = started.path("uploadId").asText();
        assertThat(put(started, text).statusCode()).isEqualTo(200);
        assertError(complete(id, ALICE), 415, "unsupported-type");
        assertThat(server.s3().holds("direct-uploads/" + id)).as("the refused object deleted").isFalse();
        assertError(complete(id, ALICE), 404, "not-found");
    }

    @Test
    void theRequestIsCheckedAsTheFormIs() throws Exception {
        assertError(post(server, ALICE, Map.of("filename", "p.jpg", "size", 10, "contentType", "image/jpeg",
                "preset", "no-such-preset")), 400, "invalid-input");
        assertError(post(server, ALICE, Map.of("filename", "p.jpg", "size", 3_000_001, "contentType", "image/jpeg")),
                413, "too-large");
        assertError(post(server, ALICE, Map.of("filename", "p.exe", "size", 10, "contentType", "application/x-msdownload")),
                415, "unsupported-type");
        assertError(post(server, ALICE, Map.of("size", 10, "contentType", "image/jpeg")), 400, "invalid-input");
    }

    @Test
    void withoutS3TheRouteIsNotSupported() throws Exception {
        assertError(post(local, ALICE, Map.of("filename", "p.jpg", "size", 10, "contentType", "image/jpeg")),
                501, "not-supported");
    }

    private static JsonNode start(RunningServer on, String key, Map<String, Object> fields) throws Exception {
        HttpResponse<String> r = post(on, key, fields);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.path("method").asText()).isEqualTo("PUT");
        return body;
    }

    private static HttpResponse<String> post(RunningServer on, String key, Map<String, Object> fields) throws Exception {
        return Raw.send(Raw.request(on.baseUrl(), "/uploads/direct").header("x-api-key", key)
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(JSON.writeValueAsString(new HashMap<>(fields)))).build());
    }

    /** The status of a PUT the bucket should refuse: it may also drop the connection before reading all of it. */
    private static int refusal(JsonNode started, byte[] bytes) throws Exception {
        try {
            return put(started, bytes).statusCode();
        } catch (IOException cutOff) {
            return CUT_OFF;
        }
    }

    /** PUTs the bytes to the pre-signed URL with the headers the answer named, as a client does. */
    private static HttpResponse<String> put(JsonNode started, byte[] bytes) throws Exception {
        HttpRequest.Builder put = HttpRequest.newBuilder(URI.create(started.path("uploadUrl").asText()))
                .PUT(BodyPublishers.ofByteArray(bytes));
        started.path("headers").properties().forEach(h -> put.header(h.getKey(), h.getValue().asText()));
        return Raw.send(put.build());
    }

    private static HttpResponse<String> complete(String id, String key) throws Exception {
        return Raw.send(Raw.request(server.baseUrl(), "/uploads/" + id + "/complete").header("x-api-key", key)
                .POST(BodyPublishers.noBody()).build());
    }

    private static void assertError(HttpResponse<String> r, int status, String code) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(JSON.readTree(r.body()).path("code").asText()).isEqualTo(code);
    }
}
