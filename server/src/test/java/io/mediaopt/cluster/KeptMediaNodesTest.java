package io.mediaopt.cluster;

import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.ServerProcess;
import io.mediaopt.client.Job;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.OptimizeOptions;
import io.mediaopt.client.Visibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two nodes sharing PostgreSQL and S3: a private link one node signed is served by the other with
 * no key and nothing shared but the API keys, and a job deleted through one node is gone from both
 * and from the bucket.
 */
@ProcessLevel
class KeptMediaNodesTest {
    private static final String KEY = "nodes-key-0123456789";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    @TempDir
    Path dir;

    @Test
    void aLinkSignedOnOneNodeIsServedByTheOtherAndADeleteOnEitherIsSeenByBoth() throws Exception {
        Map<String, String> keys = Map.of("SERVICE_API_KEYS", "alice:" + KEY);
        try (Cluster cluster = Cluster.start(dir)) {
            ServerProcess a = cluster.node("a", keys).awaitHealthy();
            ServerProcess b = cluster.node("b", keys).awaitHealthy();
            try (MediaoptClient onA = client(a); MediaoptClient onB = client(b)) {
                checkAcrossNodes(cluster, a, b, onA, onB);
            }
        }
    }

    private static void checkAcrossNodes(Cluster cluster, ServerProcess a, ServerProcess b, MediaoptClient onA,
                                         MediaoptClient onB) throws Exception {
        String id = onA.submitJob(Fixtures.png(), "web", OptimizeOptions.DEFAULT.kept(Visibility.PRIVATE)).jobId();
        Job job = onA.waitForJob(id, Duration.ofMinutes(2));
        String signedOnA = job.downloadUrl();
        assertThat(signedOnA).startsWith(origin(a) + "/media/" + id + "/output/").contains("&sig=");
        String onNodeB = origin(b) + signedOnA.substring(origin(a).length());

        HttpResponse<byte[]> fromA = fetch(signedOnA);
        HttpResponse<byte[]> fromB = fetch(onNodeB);
        assertThat(fromB.statusCode()).isEqualTo(200);
        assertThat(fromB.body()).isEqualTo(fromA.body()).hasSize((int) job.result().outputBytes());
        assertThat(fromB.headers().firstValue("ETag")).isEqualTo(fromA.headers().firstValue("ETag"));
        assertThat(fromB.headers().firstValue("Last-Modified")).isEqualTo(fromA.headers().firstValue("Last-Modified"));

        onB.deleteJob(id);
        assertThat(fetch(signedOnA).statusCode()).isEqualTo(404);
        assertThat(fetch(onNodeB).statusCode()).isEqualTo(404);
        assertThatThrownBy(() -> onA.getJob(id)).isInstanceOfSatisfying(MediaoptApiException.class,
                e -> assertThat(e.status()).isEqualTo(404));
        assertThat(cluster.s3().keys("")).noneMatch(key -> key.contains(id));
    }

    private static MediaoptClient client(ServerProcess node) {
        return MediaoptClient.builder(node.baseUrl()).apiKey(KEY).build();
    }

    private static String origin(ServerProcess node) {
        return "http://127.0.0.1:" + node.port();
    }

    private static HttpResponse<byte[]> fetch(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
