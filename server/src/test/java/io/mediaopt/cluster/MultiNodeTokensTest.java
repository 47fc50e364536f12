package io.mediaopt.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.ServerProcess;
import io.mediaopt.TokenCalls;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

import static io.mediaopt.TokenCalls.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Upload tokens on two server processes with the same keys, sharing one PostgreSQL and one S3
 * server: a token minted on one node uploads through the other, its one use holds on both, and
 * an upload straight to the bucket with a token is started on one node and completed on the other.
 */
@ProcessLevel
class MultiNodeTokensTest {
    private static final String KEY = "cluster-backend-4e7a19c0";
    private static final Map<String, String> KEYS = Map.of("SERVICE_API_KEYS", "backend:" + KEY);

    @TempDir
    Path dir;
    Cluster cluster;

    @BeforeEach
    void startSharedServices() throws Exception {
        cluster = Cluster.start(dir);
    }

    @AfterEach
    void stopEverything() {
        cluster.close();
    }

    @Test
    void aTokenMintedOnOneNodeUploadsThroughAnotherOnce() throws Exception {
        ServerProcess a = cluster.node("node-a", KEYS);
        ServerProcess b = cluster.node("node-b", KEYS);
        a.awaitHealthy();
        b.awaitHealthy();
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
        ServerProcess a = cluster.node("node-a", KEYS);
        ServerProcess b = cluster.node("node-b", KEYS);
        a.awaitHealthy();
        b.awaitHealthy();
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
}
