package io.mediaopt.logs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.ServerProcess;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server in its own process with SERVICE_LOG_FORMAT=json, given images and videos that succeed
 * and fail, then stopped: its output read line by line with Jackson.
 */
@ProcessLevel
class JsonLogsTest {
    private static final String KEY = "log-key-3c81f09a";
    private static final String WRONG_KEY = "log-key-wrong-77d2";
    private static final String CONTENT_MARKER = "CONTENT-MARKER-5e1d";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    static Path dir;
    static String stdout;
    static String everything;
    static List<JsonNode> lines = new ArrayList<>();
    static String queuedJobId;
    static String generatedRequestId;
    static List<String> replacedRequestIds = new ArrayList<>();

    @BeforeAll
    static void runTrafficAndStop() throws Exception {
        dir = Files.createTempDirectory("mediaopt-json-logs");
        ServerProcess server = ServerProcess.start(dir, Map.of("SERVICE_LOG_FORMAT", "json", "SERVICE_API_KEYS", KEY,
                "SERVICE_WORKERS", "1"));
        try (server; MediaoptClient client = MediaoptClient.builder(server.baseUrl()).apiKey(KEY).build()) {
            server.awaitHealthy();
            byte[] photo = Fixtures.withComment(Files.readAllBytes(Fixtures.photoJpeg(800, 600)), CONTENT_MARKER);
            assertThat(optimize(server, "req-sync-1", KEY, photo).statusCode()).isEqualTo(200);

            HttpResponse<String> submitted = HTTP.send(RawMultipart.post(server.baseUrl(), "/media/jobs",
                            List.of(Part.file("media", "clip.mp4", Files.readAllBytes(Fixtures.mp4WithAudio()))))
                    .header("x-api-key", KEY).header("x-request-id", "req-job-1").build(),
                    HttpResponse.BodyHandlers.ofString());
            queuedJobId = JSON.readTree(submitted.body()).path("jobId").asText();
            assertThat(client.waitForJob(queuedJobId, Duration.ofMinutes(5)).status()).isEqualTo(JobStatus.DONE);

            // a truncated JPEG fails in the decoder, whose message names the upload's path
            byte[] broken = Fixtures.withComment(Fixtures.truncatedJpeg(), CONTENT_MARKER);
            assertThat(optimize(server, "req-broken-1", KEY, broken).statusCode()).isEqualTo(422);
            for (String offered : List.of("x".repeat(200), "forged\",\"level\":\"ERROR", "two words")) {
                HttpResponse<String> response = optimize(server, offered, KEY, photo);
                replacedRequestIds.add(response.headers().firstValue("x-request-id").orElseThrow());
            }
            generatedRequestId = replacedRequestIds.getFirst();
            assertThat(optimize(server, "req-denied-1", WRONG_KEY, photo).statusCode()).isEqualTo(401);
        }
        stdout = server.stdout();
        everything = server.log();
        for (String line : stdout.split("\n")) {
            if (!line.isBlank()) lines.add(JSON.readTree(line));
        }
    }

    @Test
    void everyLineIsAJsonObjectWithTimeLevelLoggerAndMessage() {
        assertThat(lines).hasSizeGreaterThan(5);
        for (JsonNode line : lines) {
            assertThat(line.isObject()).as(line.toString()).isTrue();
            OffsetDateTime.parse(line.path("time").asText());
            assertThat(line.path("level").asText()).isIn("TRACE", "DEBUG", "INFO", "WARN", "ERROR");
            assertThat(line.path("logger").asText()).isNotBlank();
            assertThat(line.path("message").isTextual()).isTrue();
        }
        assertThat(messages()).contains("mediaopt stopping", "mediaopt stopped");
        assertThat(messages()).anyMatch(m -> m.startsWith("mediaopt listening on"));
    }

    @Test
    void theRequestIdReachesTheLinesOfItsJobEvenOnTheWorkerThread() {
        JsonNode syncDone = only("req-sync-1", "done");
        assertThat(syncDone.path("jobId").asText()).isNotBlank();

        JsonNode queued = only("req-job-1", "queued");
        assertThat(queued.path("jobId").asText()).isEqualTo(queuedJobId);
        JsonNode queuedDone = only("req-job-1", "done");
        assertThat(queuedDone.path("jobId").asText()).isEqualTo(queuedJobId);
        assertThat(queuedDone.path("thread").asText()).isNotEqualTo(queued.path("thread").asText());

        JsonNode failed = only("req-broken-1", "failed: unreadable-media");
        assertThat(failed.path("jobId").asText()).isNotBlank();
        assertThat(failed.path("level").asText()).as("every job failure is a warning").isEqualTo("WARN");
        assertThat(only(generatedRequestId, "done").path("jobId").asText()).isNotBlank();
    }

    @Test
    void aRequestIdThatIsNoPlainTokenIsReplaced() {
        assertThat(replacedRequestIds).hasSize(3).doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(UUID.fromString(id).toString()).isEqualTo(id));
        assertThat(lines).allSatisfy(l -> assertThat(l.path("level").asText()).isNotEqualTo("ERROR"));
        assertThat(stdout).doesNotContain("forged").doesNotContain("two words").doesNotContain("x".repeat(129));
    }

    @Test
    void noKeyNoFileContentAndNoPathOfTheStoreInAnyLine() {
        assertThat(everything).doesNotContain(KEY).doesNotContain(WRONG_KEY).doesNotContain(CONTENT_MARKER)
                .doesNotContain(dir.toString()).doesNotContain("/uploads/").doesNotContain("/work/");
        // the decoder's failure named the upload: the path was there, and it was masked
        assertThat(lines).anyMatch(l -> l.path("requestId").asText().equals("req-broken-1")
                && l.path("message").asText().contains("<file>"));
    }

    private static JsonNode only(String requestId, String word) {
        List<JsonNode> found = lines.stream().filter(l -> l.path("requestId").asText().equals(requestId)
                && l.path("message").asText().contains(word)).toList();
        assertThat(found).as(requestId + " " + word + " in " + stdout).hasSize(1);
        return found.getFirst();
    }

    private static List<String> messages() {
        return lines.stream().map(l -> l.path("message").asText()).toList();
    }

    private static HttpResponse<String> optimize(ServerProcess server, String requestId, String key, byte[] jpeg)
            throws Exception {
        HttpRequest request = RawMultipart.post(server.baseUrl(), "/media/optimize",
                        List.of(Part.file("media", "photo.jpg", jpeg)))
                .header("x-api-key", key).header("x-request-id", requestId).build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        if (requestId.startsWith("req-")) assertThat(response.headers().firstValue("x-request-id")).contains(requestId);
        return response;
    }
}
