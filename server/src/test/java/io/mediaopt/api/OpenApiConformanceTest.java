package io.mediaopt.api;

import io.mediaopt.Integration;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.mediaopt.RunningServer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every answer of the running server, success or error, on every route, checked against the
 * OpenAPI document it serves: status, media type, required headers and the JSON body's schema.
 */
@Integration
class OpenApiConformanceTest {
    static final String KEY = "conformance-key-1";
    static final ObjectMapper JSON = new ObjectMapper();
    @RegisterExtension
    static final RunningServer service = RunningServer.with(Map.of("SERVICE_API_KEYS", KEY, "SERVICE_WORKERS", "1",
            "SERVICE_MAX_INPUT_BYTES", "150000"));
    static ApiContract contract;

    @BeforeAll
    static void loadContract() throws Exception {
        contract = ApiContract.load();
    }

    /** Every operation was seen succeeding, so none of the checks above was skipped for want of a call. */
    @AfterAll
    static void everyOperationWasSeen() {
        assertThat(contract.answered()).contains(
                "POST /api/media/optimize 200", "POST /api/media/jobs 202", "GET /api/media/jobs/{id} 200",
                "GET /api/media/jobs/{id}/download 200", "GET /api/media/jobs/{id}/download 206", "GET /api/usage 200",
                "GET /api/health 200", "GET /api/media/presets 200", "GET /api/media/limits 200",
                "GET /api/openapi.json 200", "GET /api/media/jobs/{id}/renditions/{name} 200",
                "GET /api/media/jobs/{id}/renditions/{name} 206", "GET /api/media/jobs/{id}/picture 200",
                "GET /metrics 200", "OPTIONS /api/uploads 204", "POST /api/uploads 201", "HEAD /api/uploads/{id} 200",
                "PATCH /api/uploads/{id} 204", "DELETE /api/uploads/{id} 204", "DELETE /api/media/jobs/{id} 204",
                "GET /media/{id}/{name} 200", "GET /media/{id}/output/{filename} 200",
                "GET /media/{id}/output/{filename} 206", "GET /media/{id}/output/{filename} 304",
                "GET /media/{id}/picture 200");
    }

    /** Sends the request and fails on anything the document does not promise. */
    static HttpResponse<byte[]> call(HttpRequest request) throws Exception {
        HttpResponse<byte[]> response = Raw.HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
        assertThat(contract.problems(request.method(), request.uri(), response))
                .as("%s %s answered %d", request.method(), request.uri().getPath(), response.statusCode())
                .isEmpty();
        return response;
    }

    static HttpRequest.Builder get(String path) {
        return Raw.request(service.baseUrl(), path).header("x-api-key", KEY).GET();
    }

    static HttpRequest.Builder upload(String path, String filename, byte[] content, String preset) {
        List<Part> parts = preset == null ? List.of(Part.file("media", filename, content))
                : List.of(Part.file("media", filename, content), Part.text("preset", preset));
        return RawMultipart.post(service.baseUrl(), path, parts).header("x-api-key", KEY);
    }

    static byte[] bytes(Path file) throws Exception {
        return Files.readAllBytes(file);
    }

    static JsonNode json(HttpResponse<byte[]> response) throws Exception {
        return JSON.readTree(response.body());
    }

    @Test
    void theDocumentItselfIsServedPublicly() throws Exception {
        HttpResponse<byte[]> r = call(Raw.request(service.baseUrl(), "/openapi.json").GET().build());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(json(r)).isEqualTo(contract.document());
    }

    @Test
    void infoRoutes() throws Exception {
        // every answer is checked against the document; a busy machine may make one say 503 (see Healthy)
        assertThat(Eventually.await(Duration.ofSeconds(60), () -> call(Raw.request(service.baseUrl(), "/health")
                .GET().build()).statusCode(), status -> status == 200)).isEqualTo(200);
        assertThat(call(get("/usage").build()).statusCode()).isEqualTo(200);
        assertThat(call(get("/media/presets").build()).statusCode()).isEqualTo(200);
        assertThat(call(get("/media/limits").build()).statusCode()).isEqualTo(200);
        assertThat(call(Raw.request(service.baseUrl(), "/usage").GET().build()).statusCode()).isEqualTo(401);
        assertThat(call(Raw.request(service.baseUrl(), "/media/presets").GET().build()).statusCode()).isEqualTo(401);
        assertThat(call(get("/nothing/here").build()).statusCode()).isEqualTo(404);
    }

    @Test
    void metricsAreServedAsPrometheusTextWithAKey() throws Exception {
        URI metrics = URI.create(service.baseUrl().replaceFirst("/api$", "") + "/metrics");
        HttpResponse<byte[]> scraped = call(HttpRequest.newBuilder(metrics).header("x-api-key", KEY).GET().build());
        assertThat(scraped.statusCode()).isEqualTo(200);
        assertThat(scraped.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
        assertThat(new String(scraped.body(), StandardCharsets.UTF_8)).contains("# TYPE mediaopt_workers gauge");
        assertThat(call(HttpRequest.newBuilder(metrics).GET().build()).statusCode()).isEqualTo(401);
    }

    @Test
    void theCallersRequestIdIsEchoedAndAnotherIsReplaced() throws Exception {
        HttpResponse<byte[]> kept = call(get("/usage").header("x-request-id", "trace-42.a:b").build());
        assertThat(kept.headers().firstValue("x-request-id")).hasValue("trace-42.a:b");
        HttpResponse<byte[]> refused = call(Raw.request(service.baseUrl(), "/usage")
                .header("x-request-id", "has spaces").GET().build());
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.headers().firstValue("x-request-id").orElseThrow())
                .matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    }

    @Test
    void synchronousAnswersAndErrors() throws Exception {
        assertThat(call(upload("/media/optimize", "photo.jpg", bytes(Fixtures.photoJpeg(640, 480)), "web").build())
                .statusCode()).isEqualTo(200);
        HttpResponse<byte[]> video = call(upload("/media/optimize", "clip.mp4", bytes(Fixtures.shortClip()), "mobile").build());
        assertThat(video.headers().firstValue("x-service-input-duration")).isPresent();
        HttpResponse<byte[]> asJob = call(upload("/media/optimize", "shot.png", bytes(Fixtures.png()), "low-bandwidth")
                .header("Accept", "application/json").build());
        assertThat(json(asJob).path("status").asText()).isEqualTo("done");

        assertThat(call(upload("/media/optimize", "x.jpg", bytes(Fixtures.png()), "huge").build()).statusCode())
                .isEqualTo(400);
        assertThat(call(upload("/media/optimize", "notes.txt", "just text".getBytes(StandardCharsets.UTF_8), null)
                .build()).statusCode()).isEqualTo(415);
        assertThat(call(upload("/media/optimize", "broken.jpg", Fixtures.truncatedJpeg(), null).build()).statusCode())
                .isEqualTo(422);
        assertThat(call(upload("/media/optimize", "big.jpg", new byte[300_000], null).build()).statusCode())
                .isEqualTo(413);
        assertThat(call(RawMultipart.post(service.baseUrl(), "/media/optimize", List.of(Part.file("media", "x.png",
                bytes(Fixtures.png())))).build()).statusCode()).as("no key").isEqualTo(401);
    }

    @Test
    void jobsFromSubmissionToDownloadAndTheirErrors() throws Exception {
        HttpResponse<byte[]> submitted = call(upload("/media/jobs", "clip.mp4", bytes(Fixtures.shortClip()), "web").build());
        assertThat(submitted.statusCode()).isEqualTo(202);
        String id = json(submitted).path("jobId").asText();
        String failedId = json(call(upload("/media/jobs", "broken.jpg", Fixtures.truncatedJpeg(), null).build()))
                .path("jobId").asText();

        JsonNode job = awaitEnd(id);
        assertThat(job.path("status").asText()).isEqualTo("done");
        assertThat(call(get("/media/jobs/" + id + "/download").build()).statusCode()).isEqualTo(200);
        assertThat(call(get("/media/jobs/" + id + "/download").header("Range", "bytes=0-9").build()).statusCode())
                .isEqualTo(206);
        assertThat(call(get("/media/jobs/" + id + "/download").header("Range", "bytes=999999999-").build())
                .statusCode()).isEqualTo(416);

        assertThat(awaitEnd(failedId).path("status").asText()).isEqualTo("failed");
        assertThat(call(get("/media/jobs/" + failedId + "/download").build()).statusCode()).isEqualTo(409);
        assertThat(call(get("/media/jobs/no-such-job").build()).statusCode()).isEqualTo(404);
        assertThat(call(get("/media/jobs/no-such-job/download").build()).statusCode()).isEqualTo(404);
        assertThat(call(RawMultipart.post(service.baseUrl(), "/media/jobs", List.of(Part.text("preset", "web")))
                .header("x-api-key", KEY).build()).statusCode()).isEqualTo(400);
        assertThat(call(Raw.request(service.baseUrl(), "/media/jobs/" + id).GET().build()).statusCode()).isEqualTo(401);
    }

    @Test
    void renditionsListedInTheJobAndServedByTheirRoutes() throws Exception {
        List<Part> parts = List.of(Part.file("media", "photo.jpg", bytes(Fixtures.photoJpeg(640, 480))),
                Part.text("renditions", "responsive"));
        String id = json(call(RawMultipart.post(service.baseUrl(), "/media/jobs", parts).header("x-api-key", KEY)
                .build())).path("jobId").asText();
        JsonNode job = awaitEnd(id);
        assertThat(job.path("status").asText()).isEqualTo("done");
        String name = job.path("result").path("renditions").path(0).path("name").asText();
        String renditions = "/media/jobs/" + id + "/renditions/";
        assertThat(call(get(renditions + name).build()).statusCode()).isEqualTo(200);
        assertThat(call(get(renditions + name).header("Range", "bytes=0-9").build()).statusCode()).isEqualTo(206);
        assertThat(call(get(renditions + "nothing.webp").build()).statusCode()).isEqualTo(404);
        assertThat(call(get("/media/jobs/" + id + "/picture?w=300").header("Accept", "image/avif").build())
                .statusCode()).isEqualTo(200);
        assertThat(call(get("/media/jobs/" + id + "/picture?w=0").build()).statusCode()).isEqualTo(400);
    }

    @Test
    void keptJobsStableUrlsAndDeletion() throws Exception {
        List<Part> parts = List.of(Part.file("media", "photo.jpg", bytes(Fixtures.photoJpeg(640, 480))),
                Part.text("renditions", "responsive"), Part.text("keep", "true"), Part.text("linkTtlSec", "600"));
        String id = json(call(RawMultipart.post(service.baseUrl(), "/media/jobs", parts).header("x-api-key", KEY)
                .build())).path("jobId").asText();
        JsonNode job = awaitEnd(id);
        assertThat(job.path("keep").path("visibility").asText()).isEqualTo("private");
        String download = job.path("downloadUrl").asText();
        HttpResponse<byte[]> whole = call(HttpRequest.newBuilder(URI.create(download)).GET().build());
        assertThat(whole.statusCode()).isEqualTo(200);
        assertThat(call(HttpRequest.newBuilder(URI.create(download)).header("Range", "bytes=0-9").GET().build())
                .statusCode()).isEqualTo(206);
        assertThat(call(HttpRequest.newBuilder(URI.create(download))
                .header("If-None-Match", whole.headers().firstValue("ETag").orElseThrow()).GET().build())
                .statusCode()).isEqualTo(304);
        String rendition = job.path("result").path("renditions").path(0).path("url").asText();
        assertThat(call(HttpRequest.newBuilder(URI.create(rendition)).GET().build()).statusCode()).isEqualTo(200);
        long exp = Instant.now().getEpochSecond() + 600;
        String picture = service.baseUrl().replaceFirst("/api$", "") + "/media/" + id + "/picture?w=100&exp=" + exp
                + "&sig=" + KeptJobs.signature(KEY, id, "picture", exp);
        assertThat(call(HttpRequest.newBuilder(URI.create(picture)).header("Accept", "image/webp").GET().build())
                .statusCode()).isEqualTo(200);
        assertThat(call(HttpRequest.newBuilder(URI.create(download.substring(0, download.indexOf('?')))).GET().build())
                .statusCode()).isEqualTo(404);

        assertThat(call(Raw.request(service.baseUrl(), "/media/jobs/" + id).header("x-api-key", KEY).DELETE().build())
                .statusCode()).isEqualTo(204);
        assertThat(call(Raw.request(service.baseUrl(), "/media/jobs/" + id).header("x-api-key", KEY).DELETE().build())
                .statusCode()).isEqualTo(404);
        assertThat(call(Raw.request(service.baseUrl(), "/media/jobs/" + id).DELETE().build()).statusCode()).isEqualTo(401);
        assertThat(call(HttpRequest.newBuilder(URI.create(rendition)).GET().build()).statusCode()).isEqualTo(404);
    }

    @Test
    void optionsOnBothRoutesWithTheirHeadersAndTheJobsOptions() throws Exception {
        List<Part> parts = List.of(Part.file("media", "photo.jpg", bytes(Fixtures.photoJpeg(640, 480))),
                Part.text("quality", "50"), Part.text("format", "png"), Part.text("width", "200"));
        HttpResponse<byte[]> synchronous = call(RawMultipart.post(service.baseUrl(), "/media/optimize", parts)
                .header("x-api-key", KEY).build());
        assertThat(synchronous.headers().firstValue("x-service-requested-format")).contains("png");
        assertThat(call(RawMultipart.post(service.baseUrl(), "/media/optimize", List.of(
                        Part.file("media", "photo.jpg", bytes(Fixtures.photoJpeg(640, 480)))))
                .header("x-api-key", KEY).header("Accept", "image/webp").build()).statusCode()).isEqualTo(200);
        String id = json(call(RawMultipart.post(service.baseUrl(), "/media/jobs", parts).header("x-api-key", KEY)
                .build())).path("jobId").asText();
        JsonNode job = awaitEnd(id);
        assertThat(job.path("options").path("width").asInt()).isEqualTo(200);
        assertThat(call(RawMultipart.post(service.baseUrl(), "/media/jobs", List.of(
                        Part.file("media", "photo.jpg", bytes(Fixtures.photoJpeg(640, 480))), Part.text("format", "mp4")))
                .header("x-api-key", KEY).build()).statusCode()).isEqualTo(400);
    }

    @Test
    void resumableUploadsFromCreationToTheirJobAndTheirErrors() throws Exception {
        byte[] photo = bytes(Fixtures.png());
        assertThat(call(tus("/uploads").method("OPTIONS", BodyPublishers.noBody()).build()).statusCode()).isEqualTo(204);
        HttpResponse<byte[]> created = call(tus("/uploads").header("Upload-Length", Integer.toString(photo.length))
                .header("Upload-Metadata", ResumableUploadsApiTest.metadata(Map.of("filename", "p.png")))
                .POST(BodyPublishers.noBody()).build());
        assertThat(created.statusCode()).isEqualTo(201);
        String path = URI.create(created.headers().firstValue("Location").orElseThrow()).getPath().substring(4);

        assertThat(call(tus(path).method("HEAD", BodyPublishers.noBody()).build()).statusCode()).isEqualTo(200);
        assertThat(call(patch(path, 5, photo).build()).statusCode()).isEqualTo(409);
        HttpResponse<byte[]> last = call(patch(path, 0, photo).build());
        assertThat(last.statusCode()).isEqualTo(204);
        assertThat(awaitEnd(last.headers().firstValue("x-service-job-id").orElseThrow()).path("status").asText())
                .isEqualTo("done");
        assertThat(call(tus(path).DELETE().build()).statusCode()).isEqualTo(204);
        assertThat(call(tus(path).method("HEAD", BodyPublishers.noBody()).build()).statusCode()).isEqualTo(404);
        assertThat(call(tus("/uploads").header("Upload-Length", "150001").header("Upload-Metadata", "")
                .POST(BodyPublishers.noBody()).build()).statusCode()).isEqualTo(413);
        assertThat(call(Raw.request(service.baseUrl(), "/uploads").header("x-api-key", KEY)
                .header("Upload-Length", "10").POST(BodyPublishers.noBody()).build()).statusCode()).isEqualTo(412);
    }

    private static HttpRequest.Builder tus(String path) {
        return Raw.request(service.baseUrl(), path).header("x-api-key", KEY).header("Tus-Resumable", "1.0.0");
    }

    private static HttpRequest.Builder patch(String path, long offset, byte[] bytes) {
        return tus(path).header("Upload-Offset", Long.toString(offset))
                .header("Content-Type", "application/offset+octet-stream").method("PATCH", BodyPublishers.ofByteArray(bytes));
    }

    /** Polls the job, checking every intermediate answer (pending, processing with progress) too. */
    static JsonNode awaitEnd(String id) throws Exception {
        JsonNode job = Eventually.await(Duration.ofMinutes(2), () -> json(call(get("/media/jobs/" + id).build())),
                OpenApiConformanceTest::ended);
        if (!ended(job)) throw new AssertionError("job " + id + " did not end");
        return job;
    }

    private static boolean ended(JsonNode job) {
        String status = job.path("status").asText();
        return status.equals("done") || status.equals("failed");
    }
}
