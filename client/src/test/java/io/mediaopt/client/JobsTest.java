package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaopt.client.StubApiServer.Canned;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobsTest {
    static final String DONE_JOB = """
            {"jobId":"j-1","status":"done","preset":"low-bandwidth","filename":"clip.mov",
             "inputBytes":1000,"createdAt":1700000000000,"updatedAt":1700000001000,
             "completedAt":1700000002000,"addedLater":{"x":1},
             "result":{"kind":"video","strategy":"video-webm-vp9","contentType":"video/webm",
               "filename":"clip.webm","outputBytes":400,"savedBytes":600,"savedPercent":60.0,
               "inputDurationSec":2.5,"outputDurationSec":2.48,"inputWidth":1920,"outputWidth":854,
               "inputHeight":1080,"outputHeight":480,"quality":30,"score":91.25,"crf":38,"unknownMetric":3},
             "downloadUrl":"http://127.0.0.1/api/media/jobs/j-1/download"}
            """;

    @TempDir
    Path dir;
    StubApiServer server;
    MediaoptClient client;

    @BeforeEach
    void start() throws IOException {
        server = StubApiServer.start();
        client = MediaoptClient.builder(server.baseUrl()).apiKey("key-1").build();
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void submitsAFileAsMultipartWithMediaAndPresetFields() throws IOException {
        byte[] content = new byte[300_000];
        new Random(1).nextBytes(content);
        Path file = Files.write(dir.resolve("holiday photo.jpg"), content);
        server.on("POST", "/api/media/jobs",
                Canned.json(202, "{\"jobId\":\"j-1\",\"status\":\"pending\",\"createdAt\":1700000000000}"));

        JobSubmission submission = client.submitJob(file, "mobile");

        assertThat(submission).isEqualTo(new JobSubmission("j-1", JobStatus.PENDING, 1700000000000L));
        var sent = server.lastRequest();
        assertThat(sent.header("x-api-key")).isEqualTo("key-1");
        assertThat(sent.header("Content-Type")).startsWith("multipart/form-data; boundary=");
        // A known length lets the service refuse an oversized upload before reading it.
        assertThat(sent.header("Content-Length")).isEqualTo(String.valueOf(sent.body().length));
        List<MultipartParts.Part> parts = MultipartParts.parse(sent.header("Content-Type"), sent.body());
        assertThat(parts).extracting(MultipartParts.Part::name).containsExactly("preset", "media");
        assertThat(parts.get(0).text()).isEqualTo("mobile");
        assertThat(parts.get(0).filename()).isNull();
        assertThat(parts.get(1).filename()).isEqualTo("holiday photo.jpg");
        assertThat(parts.get(1).headers()).contains("Content-Type: application/octet-stream");
        assertThat(parts.get(1).content()).isEqualTo(content);
    }

    @Test
    void sendsTheCallbackUrlAsAFormField() {
        server.on("POST", "/api/media/jobs",
                Canned.json(202, "{\"jobId\":\"j-4\",\"status\":\"pending\",\"createdAt\":1}"));

        client.submitJob("a.png", new byte[] {1, 2, 3}, "web", URI.create("https://hooks.example/m?t=1"));

        var sent = server.lastRequest();
        List<MultipartParts.Part> parts = MultipartParts.parse(sent.header("Content-Type"), sent.body());
        assertThat(parts).extracting(MultipartParts.Part::name).containsExactly("preset", "callbackUrl", "media");
        assertThat(parts.get(1).text()).isEqualTo("https://hooks.example/m?t=1");
    }

    @Test
    void sendsTheOptionsAsFormFieldsAndReadsThemBackFromTheJob() {
        server.on("POST", "/api/media/jobs",
                Canned.json(202, "{\"jobId\":\"j-5\",\"status\":\"pending\",\"createdAt\":1}"));

        client.submitJob("a.png", new byte[] {1, 2, 3}, "web", new OptimizeOptions(40, OutputFormat.AVIF, 300));

        var sent = server.lastRequest();
        List<MultipartParts.Part> parts = MultipartParts.parse(sent.header("Content-Type"), sent.body());
        assertThat(parts).extracting(MultipartParts.Part::name)
                .containsExactly("preset", "quality", "format", "width", "media");
        assertThat(parts).extracting(MultipartParts.Part::text).startsWith("web", "40", "avif", "300");

        client.submitJob("a.png", new byte[] {1, 2, 3}, "web", OptimizeOptions.DEFAULT.withWidth(64));
        parts = MultipartParts.parse(server.lastRequest().header("Content-Type"), server.lastRequest().body());
        assertThat(parts).extracting(MultipartParts.Part::name).containsExactly("preset", "width", "media");

        server.on("GET", "/api/media/jobs/j-5", Canned.json(200, """
                {"jobId":"j-5","status":"pending","preset":"web","filename":"a.png","inputBytes":3,"createdAt":1,
                 "options":{"quality":40,"format":"avif","width":300}}
                """));
        assertThat(client.getJob("j-5").options()).isEqualTo(new OptimizeOptions(40, OutputFormat.AVIF, 300));
        server.on("GET", "/api/media/jobs/j-6", Canned.json(200, """
                {"jobId":"j-6","status":"pending","preset":"web","filename":"a.png","inputBytes":3,"createdAt":1}
                """));
        assertThat(client.getJob("j-6").options()).isEqualTo(OptimizeOptions.DEFAULT);
    }

    @Test
    void optionsOutOfRangeAreRefusedBeforeSendingAnything() {
        assertThatThrownBy(() -> OptimizeOptions.DEFAULT.withQuality(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to 100");
        assertThatThrownBy(() -> OptimizeOptions.DEFAULT.withWidth(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void omitsThePresetFieldWhenNoneIsGiven() {
        server.on("POST", "/api/media/jobs",
                Canned.json(202, "{\"jobId\":\"j-2\",\"status\":\"pending\",\"createdAt\":1}"));

        client.submitJob("a\"b\r\nc.png", new byte[] {1, 2, 3}, null);

        var sent = server.lastRequest();
        List<MultipartParts.Part> parts = MultipartParts.parse(sent.header("Content-Type"), sent.body());
        assertThat(parts).hasSize(1);
        assertThat(parts.get(0).name()).isEqualTo("media");
        assertThat(parts.get(0).filename()).isEqualTo("a%22b%0D%0Ac.png");
        assertThat(parts.get(0).content()).containsExactly(1, 2, 3);
    }

    @Test
    void readsEveryFieldOfADoneJobAndIgnoresUnknownOnes() {
        server.on("GET", "/api/media/jobs/j-1", Canned.json(200, DONE_JOB));

        Job job = client.getJob("j-1");

        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        assertThat(job.terminal()).isTrue();
        assertThat(job.preset()).isEqualTo("low-bandwidth");
        assertThat(job.filename()).isEqualTo("clip.mov");
        assertThat(job.inputBytes()).isEqualTo(1000L);
        assertThat(job.createdAt()).isEqualTo(1700000000000L);
        assertThat(job.updatedAt()).isEqualTo(1700000001000L);
        assertThat(job.completedAt()).isEqualTo(1700000002000L);
        assertThat(job.downloadUrl()).isEqualTo("http://127.0.0.1/api/media/jobs/j-1/download");
        assertThat(job.error()).isNull();
        assertThat(job.result()).isEqualTo(ResultFields.of(Map.ofEntries(Map.entry("kind", "video"),
                Map.entry("strategy", "video-webm-vp9"), Map.entry("contentType", "video/webm"),
                Map.entry("filename", "clip.webm"), Map.entry("outputBytes", 400), Map.entry("savedBytes", 600),
                Map.entry("savedPercent", 60.0), Map.entry("inputDurationSec", 2.5),
                Map.entry("outputDurationSec", 2.48), Map.entry("inputWidth", 1920), Map.entry("outputWidth", 854),
                Map.entry("inputHeight", 1080), Map.entry("outputHeight", 480), Map.entry("quality", 30),
                Map.entry("score", 91.25), Map.entry("crf", 38))));
    }

    @Test
    void readsAFailedJobWithoutResult() {
        server.on("GET", "/api/media/jobs/j-3", Canned.json(200, """
                {"jobId":"j-3","status":"failed","preset":"web","filename":"x.jpg","inputBytes":5,
                 "createdAt":1,"error":{"message":"The file could not be decoded","code":"unreadable-media"}}
                """));

        Job job = client.getJob("j-3");

        assertThat(job.status()).isEqualTo(JobStatus.FAILED);
        assertThat(job.result()).isNull();
        assertThat(job.downloadUrl()).isNull();
        assertThat(job.completedAt()).isNull();
        assertThat(job.error()).isEqualTo(new JobError("The file could not be decoded", "unreadable-media"));
    }

    @Test
    void aMissingJobIsANotFoundException() {
        server.on("GET", "/api/media/jobs/nope", Canned.error(404, "not-found", "Job nope does not exist"));

        assertThatThrownBy(() -> client.getJob("nope"))
                .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.code()).isEqualTo("not-found");
                    assertThat(e.getMessage()).isEqualTo("Job nope does not exist");
                });
    }

    @Test
    void aBusyServiceReportsWhenToRetry() {
        server.on("POST", "/api/media/jobs",
                Canned.error(503, "busy", "Too many pending jobs").withHeader("Retry-After", "5"));

        assertThatThrownBy(() -> client.submitJob("a.png", new byte[] {1}, "web"))
                .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                    assertThat(e.code()).isEqualTo("busy");
                    assertThat(e.retryAfterSeconds()).hasValue(5);
                });
    }

    @Test
    void jobIdsAreSentAsOnePathSegment() {
        assertThatThrownBy(() -> client.getJob("../usage")).isInstanceOf(MediaoptApiException.class);

        assertThat(server.lastRequest().path()).isEqualTo("/api/media/jobs/..%2Fusage");
    }

    @Test
    void rejectsABlankJobIdBeforeSendingAnything() {
        assertThatThrownBy(() -> client.getJob(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Expected a job id but received  ");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void aMissingFileIsAnIoFailure() {
        assertThatThrownBy(() -> client.submitJob(dir.resolve("absent.jpg"), null))
                .isInstanceOf(MediaoptIOException.class)
                .hasMessageContaining("absent.jpg");
    }
}
