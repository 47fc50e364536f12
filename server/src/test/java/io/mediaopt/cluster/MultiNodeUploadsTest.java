package io.mediaopt.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.ServerProcess;
import io.mediaopt.TokenCalls;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static io.mediaopt.TokenCalls.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Resumable uploads on two server processes sharing one PostgreSQL and one S3 server: an upload
 * begun on one node is finished on the other after the first is killed, from the bucket alone;
 * an upload token minted on one node uploads through the other, once.
 */
@ProcessLevel
class MultiNodeUploadsTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String KEY = "cluster-backend-4e7a19c0";
    private static final Map<String, String> KEYS = Map.of("SERVICE_API_KEYS", "backend:" + KEY);

    @TempDir
    static Path dir;
    static Cluster cluster;
    /** Two nodes with {@link #KEYS}, started by the first test that asks and shared by the token tests. */
    static List<ServerProcess> keyed = List.of();

    @BeforeAll
    static void startSharedServices() throws Exception {
        cluster = Cluster.start(dir);
        keyed = List.of();
    }

    @AfterAll
    static void stopSharedServices() {
        cluster.close();
    }

    /** Stops the nodes a test started for itself. */
    @AfterEach
    void stopOwnNodes() {
        for (ServerProcess node : cluster.nodes()) if (!keyed.contains(node)) node.close();
    }

    /** The two nodes with {@link #KEYS}: a token only ever uploads once, so tests of tokens share them. */
    private static List<ServerProcess> keyedNodes() throws Exception {
        if (keyed.isEmpty()) {
            keyed = List.of(cluster.node("keyed-a", KEYS), cluster.node("keyed-b", KEYS));
            for (ServerProcess node : keyed) node.awaitHealthy();
        }
        return keyed;
    }

    @Test
    void anUploadBegunOnAKilledNodeIsFinishedOnAnotherAndMatchesOnePost() throws Exception {
        ServerProcess a = cluster.node("node-a", Map.of());
        ServerProcess b = cluster.node("node-b", Map.of());
        a.awaitHealthy();
        b.awaitHealthy();
        Path photo = Fixtures.photoJpeg(640, 480);
        byte[] bytes = Files.readAllBytes(photo);
        int third = bytes.length / 3;
        int twoThirds = 2 * third;

        HttpResponse<String> created = send(tus(a.baseUrl() + "/uploads").header("Upload-Length", "" + bytes.length)
                .header("Upload-Metadata", "filename " + base64("photo.jpg") + ",preset " + base64("web"))
                .POST(BodyPublishers.noBody()).build());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String id = created.headers().firstValue("Location").orElseThrow().replaceAll(".*/", "");
        assertThat(patch(a, id, 0, Arrays.copyOfRange(bytes, 0, third)).statusCode()).isEqualTo(204);

        byte[] second = Arrays.copyOfRange(bytes, third, twoThirds);
        CompletableFuture<Integer> onA = CompletableFuture.supplyAsync(() -> patch(a, id, third, second).statusCode());
        CompletableFuture<Integer> onB = CompletableFuture.supplyAsync(() -> patch(b, id, third, second).statusCode());
        assertThat(List.of(onA.get(), onB.get())).as("the same offset on both nodes at once")
                .containsExactlyInAnyOrder(204, 409);

        a.kill();
        HttpResponse<String> head = send(tus(b.baseUrl() + "/uploads/" + id).method("HEAD", BodyPublishers.noBody())
                .build());
        assertThat(head.headers().firstValue("Upload-Offset")).hasValue("" + twoThirds);
        HttpResponse<String> last = patch(b, id, twoThirds, Arrays.copyOfRange(bytes, twoThirds, bytes.length));
        assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
        String jobId = last.headers().firstValue("x-service-job-id").orElseThrow();

        try (MediaoptClient client = b.client()) {
            Job resumed = client.waitForJob(jobId, Duration.ofMinutes(2));
            assertThat(resumed.status()).isEqualTo(JobStatus.DONE);
            Job posted = client.waitForJob(client.submitJob(photo, "web").jobId(), Duration.ofMinutes(2));
            assertThat(posted.status()).isEqualTo(JobStatus.DONE);
            Path viaTus = dir.resolve("via-tus");
            Path viaPost = dir.resolve("via-post");
            client.download(jobId, viaTus);
            client.download(posted.jobId(), viaPost);
            assertThat(Files.readAllBytes(viaTus)).isEqualTo(Files.readAllBytes(viaPost));
        }
        List<String> pieces = pieces(id);
        assertThat(pieces).hasSize(3);
        for (String piece : pieces) assertThat(cluster.s3().holds(piece)).as(piece + " deleted").isFalse();
    }

    @Test
    void aTokenMintedOnOneNodeUploadsThroughAnotherOnce() throws Exception {
        ServerProcess a = keyedNodes().get(0);
        ServerProcess b = keyedNodes().get(1);
        TokenCalls onA = new TokenCalls(a.baseUrl());
        TokenCalls onB = new TokenCalls(b.baseUrl());
        byte[] photo = Files.readAllBytes(Fixtures.photoJpeg(640, 480));
        String token = onA.mint(KEY, Map.of("preset", "mobile", "kind", "image"));

        HttpResponse<String> created = onB.tusCreate(token, photo.length, Map.of("filename", "photo.jpg"));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String location = created.headers().firstValue("Location").orElseThrow();
        int half = photo.length / 2;
        assertThat(onB.tusPatch(location, token, 0, Arrays.copyOfRange(photo, 0, half)).statusCode()).isEqualTo(204);
        assertRefused(onA.tusCreate(token, photo.length, Map.of("filename", "again.jpg")), 403, "token-used");
        String onAsUrl = location.replace(b.baseUrl(), a.baseUrl());
        HttpResponse<String> last = onA.tusPatch(onAsUrl, token, half, Arrays.copyOfRange(photo, half, photo.length));
        assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
        String jobId = last.headers().firstValue("x-service-job-id").orElseThrow();

        JsonNode job = onB.doneJob(jobId, token);
        assertThat(job.path("preset").asText()).isEqualTo("mobile");
        HttpResponse<String> byKey = TokenCalls.send(HttpRequest.newBuilder(URI.create(a.baseUrl() + "/media/jobs/" + jobId))
                .header("x-api-key", KEY).build());
        assertThat(byKey.statusCode()).as("the minting key's job").isEqualTo(200);
    }

    @Test
    void aTokenUploadsStraightToTheBucketStartedOnOneNodeAndCompletedOnAnother() throws Exception {
        ServerProcess a = keyedNodes().get(0);
        ServerProcess b = keyedNodes().get(1);
        byte[] photo = Files.readAllBytes(Fixtures.photoJpeg(320, 240));
        String token = new TokenCalls(a.baseUrl()).mint(KEY, Map.of("format", "webp", "maxBytes", photo.length));
        String bigger = new TokenCalls(a.baseUrl()).mint(KEY, Map.of("maxBytes", photo.length - 1));

        assertRefused(startDirect(b, bigger, photo.length), 413, "too-large");
        HttpResponse<String> started = startDirect(b, token, photo.length);
        assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
        JsonNode upload = TokenCalls.JSON.readTree(started.body());
        HttpResponse<String> put = TokenCalls.send(HttpRequest.newBuilder(URI.create(upload.path("uploadUrl").asText()))
                .header("Content-Type", "image/jpeg").PUT(BodyPublishers.ofByteArray(photo)).build());
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        HttpResponse<String> completed = TokenCalls.send(HttpRequest.newBuilder(URI.create(a.baseUrl() + "/uploads/"
                + upload.path("uploadId").asText() + "/complete?token=" + token)).POST(BodyPublishers.noBody()).build());
        assertThat(completed.statusCode()).as(completed.body()).isEqualTo(202);
        String jobId = TokenCalls.JSON.readTree(completed.body()).path("jobId").asText();
        assertThat(new TokenCalls(b.baseUrl()).doneJob(jobId, token).path("result").path("contentType").asText())
                .isEqualTo("image/webp");
        assertRefused(startDirect(a, token, photo.length), 403, "token-used");
    }

    private static HttpResponse<String> startDirect(ServerProcess node, String token, long size) throws Exception {
        String body = TokenCalls.JSON.writeValueAsString(Map.of("filename", "p.jpg", "size", size,
                "contentType", "image/jpeg"));
        return TokenCalls.send(HttpRequest.newBuilder(URI.create(node.baseUrl() + "/uploads/direct"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(body)).build());
    }

    private List<String> pieces(String uploadId) throws Exception {
        try (Connection c = DriverManager.getConnection(cluster.databaseUrl());
             PreparedStatement s = c.prepareStatement("SELECT parts FROM uploads WHERE id = ?")) {
            s.setString(1, uploadId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getString(1).lines().toList();
            }
        }
    }

    private static HttpResponse<String> patch(ServerProcess node, String id, long offset, byte[] bytes) {
        return send(tus(node.baseUrl() + "/uploads/" + id).header("Upload-Offset", Long.toString(offset))
                .header("Content-Type", "application/offset+octet-stream")
                .method("PATCH", BodyPublishers.ofByteArray(bytes)).build());
    }

    private static HttpRequest.Builder tus(String url) {
        return HttpRequest.newBuilder(URI.create(url)).header("Tus-Resumable", "1.0.0");
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static HttpResponse<String> send(HttpRequest request) {
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
