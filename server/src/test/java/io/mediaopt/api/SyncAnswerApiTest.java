package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.S3TestServer;
import io.mediaopt.TestService;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.image.vips.VipsCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The synchronous answer is sent from the output in hand while the output is stored: a client
 * that has the whole answer holds a job that is done and stored, byte for byte what it was sent;
 * storing that fails once the answer has started cuts the answer short, never leaving a whole one.
 */
@Integration
class SyncAnswerApiTest {
    /** What SyncAnswerBody overlaps from. */
    private static final int OVERLAP_FROM = 256 * 1024;

    @Test
    void aWholeAnswerOnS3IsTheStoredOutputOfAJobAlreadyDone() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(); TestService service = TestService.start(patient(s3.env()));
             MediaoptClient client = service.client()) {
            HttpResponse<byte[]> answer = Raw.HTTP.send(RawMultipart.post(service.baseUrl(), "/media/optimize",
                    bigOutput()).build(), HttpResponse.BodyHandlers.ofByteArray());

            assertThat(answer.statusCode()).isEqualTo(200);
            // big enough that sending it overlapped storing it
            assertThat(answer.body().length).isGreaterThanOrEqualTo(OVERLAP_FROM);
            List<String> outputs = s3.keys("outputs/");
            assertThat(outputs).hasSize(1);
            String jobId = outputs.getFirst().split("/")[1];
            // asked at once, not eventually: the last byte waited for both
            assertThat(client.getJob(jobId).status()).isEqualTo(JobStatus.DONE);
            try (var connection = s3.connect()) {
                byte[] stored = connection.client().getObjectAsBytes(b -> b.bucket(S3TestServer.BUCKET)
                        .key(outputs.getFirst())).asByteArray();
                assertThat(stored).isEqualTo(answer.body());
            }
            assertThat(answer.headers().firstValue("x-service-output-bytes")).hasValue(Integer.toString(answer.body().length));
        }
    }

    @Test
    void anOutputKeptAsTheInputIsAnsweredAndStoredWhole(@TempDir Path dir) throws Exception {
        // a WebP below the preset's quality: every encoding of it comes out larger, so it is kept
        Path webp = dir.resolve("photo.webp");
        VipsCommand.run("copy", Fixtures.photoJpeg(320, 240).toString(), webp + "[Q=60]");
        byte[] input = Files.readAllBytes(webp);
        try (S3TestServer s3 = S3TestServer.start(); TestService service = TestService.start(patient(s3.env()))) {
            HttpResponse<byte[]> answer = Raw.HTTP.send(RawMultipart.post(service.baseUrl(), "/media/optimize", List.of(
                    Part.file("media", "photo.webp", input), Part.text("preset", "web"))).build(),
                    HttpResponse.BodyHandlers.ofByteArray());

            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.headers().firstValue("x-service-strategy")).hasValue("image-original");
            assertThat(answer.body()).isEqualTo(input);
            List<String> outputs = s3.keys("outputs/");
            assertThat(outputs).hasSize(1);
            try (var connection = s3.connect()) {
                assertThat(connection.client().getObjectAsBytes(b -> b.bucket(S3TestServer.BUCKET)
                        .key(outputs.getFirst())).asByteArray()).isEqualTo(input);
            }
            assertThat(Eventually.await(Duration.ofSeconds(10), () -> uploadsLeft(service), List::isEmpty))
                    .as("uploads left").isEmpty();
        }
    }

    @Test
    void storingThatFailsAfterTheAnswerStartedCutsItShort() throws Exception {
        try (TestService service = TestService.start(patient(Map.of()))) {
            Path outputs = service.outputDir().resolve("outputs");
            if (Files.isDirectory(outputs)) Files.delete(outputs);
            // a file where the outputs' directory must be: local storage cannot store any output
            Files.writeString(outputs, "not a directory");
            try {
                HttpResponse<byte[]> answer = Raw.HTTP.send(RawMultipart.post(service.baseUrl(), "/media/optimize",
                        bigOutput()).build(), HttpResponse.BodyHandlers.ofByteArray());
                fail("Expected an answer cut short but received %d with %d bytes: %s", answer.statusCode(),
                        answer.body().length, new String(answer.body(), 0, Math.min(200, answer.body().length),
                                StandardCharsets.UTF_8));
            } catch (IOException cutShort) {
                // the body ended before its Content-Length: no client takes it for a whole answer
            }
            assertThat(Eventually.await(Duration.ofSeconds(10), () -> uploadsLeft(service), List::isEmpty))
                    .as("uploads left").isEmpty();
        }
    }

    /** A 1600×1200 photo asked for as a JPEG of quality 100: an output over the size that overlaps. */
    private static List<Part> bigOutput() throws IOException {
        return List.of(Part.file("media", "photo.jpg", Files.readAllBytes(Fixtures.photoJpeg(1600, 1200))),
                Part.text("preset", "web"), Part.text("format", "jpeg"), Part.text("quality", "100"));
    }

    /** Encoding a photo takes long on a busy machine; the test is of what follows it. */
    private static Map<String, String> patient(Map<String, String> env) {
        Map<String, String> patient = new HashMap<>(env);
        patient.put("SERVICE_IMAGE_TIMEOUT_MS", "180000");
        return patient;
    }

    private static List<Path> uploadsLeft(TestService service) throws IOException {
        Path uploads = service.outputDir().resolve("uploads");
        if (!Files.isDirectory(uploads)) return List.of();
        try (var files = Files.list(uploads)) {
            return files.toList();
        }
    }
}
