package io.mediaopt.cluster;

import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.ServerProcess;
import io.mediaopt.client.ImageUrlOptions;
import io.mediaopt.client.ImageUrls;
import io.mediaopt.metrics.PrometheusText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Images by URL on two server processes sharing one PostgreSQL and one S3 server: a variant one
 * node rendered is served by the other without a render, and identical misses split over both
 * nodes at once render once, as their render counters tell.
 */
@ProcessLevel
class ImageUrlNodesTest {
    private static final String KEY = "943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881";
    private static final String SALT = "520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final int MISSES = 64;
    private static final String SOURCE = "s3://library/photo.jpg";

    @TempDir
    Path dir;

    @Test
    void aVariantRenderedOnOneNodeIsServedByTheOtherAndIdenticalMissesOnBothRenderOnce() throws Exception {
        Map<String, String> settings = Map.of("SERVICE_IMAGE_URL_KEYS", KEY + ":" + SALT,
                "SERVICE_METRICS_PUBLIC", "true");
        try (Cluster cluster = Cluster.start(dir)) {
            try (var s3 = cluster.s3().connect()) {
                s3.client().putObject(PutObjectRequest.builder().bucket(cluster.s3().env().get("SERVICE_OBJECT_BUCKET"))
                        .key("library/photo.jpg").build(), RequestBody.fromFile(Fixtures.photoJpeg(640, 480)));
            }
            ServerProcess a = cluster.node("a", settings).awaitHealthy();
            ServerProcess b = cluster.node("b", settings).awaitHealthy();

            String first = path(a, new ImageUrlOptions().width(160).format(ImageUrlOptions.Format.WEBP));
            HttpResponse<byte[]> fromA = get(a, first);
            assertThat(fromA.statusCode()).as(new String(fromA.body(), StandardCharsets.UTF_8)).isEqualTo(200);
            assertThat(fromA.headers().firstValue("x-service-cache")).hasValue("miss");
            assertThat(renders(a)).isEqualTo(1);
            HttpResponse<byte[]> fromB = get(b, first);
            assertThat(fromB.statusCode()).isEqualTo(200);
            assertThat(fromB.headers().firstValue("x-service-cache")).hasValue("hit");
            assertThat(fromB.body()).isEqualTo(fromA.body());
            assertThat(fromB.headers().firstValue("ETag")).isEqualTo(fromA.headers().firstValue("ETag"));
            assertThat(renders(b)).isZero();
            assertThat(counter(b, "mediaopt_image_url_hits_total")).isEqualTo(1);

            String second = path(a, new ImageUrlOptions().width(120).format(ImageUrlOptions.Format.PNG));
            List<CompletableFuture<HttpResponse<byte[]>>> answers = new ArrayList<>();
            for (int i = 0; i < MISSES; i++) {
                ServerProcess node = i % 2 == 0 ? a : b;
                answers.add(HTTP.sendAsync(request(node, second), HttpResponse.BodyHandlers.ofByteArray()));
            }
            byte[] expected = null;
            for (CompletableFuture<HttpResponse<byte[]>> answer : answers) {
                HttpResponse<byte[]> response = answer.get();
                assertThat(response.statusCode()).as(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(200);
                if (expected == null) expected = response.body();
                assertThat(response.body()).isEqualTo(expected);
            }
            assertThat(new String(expected, 1, 3, StandardCharsets.ISO_8859_1)).isEqualTo("PNG");
            assertThat(renders(a) + renders(b)).isEqualTo(2);
        }
    }

    /** The path of {@link #SOURCE} with {@code options}, signed with the nodes' key. */
    private static String path(ServerProcess node, ImageUrlOptions options) {
        String url = ImageUrls.signed(URI.create(node.baseUrl()), KEY, SALT).url(SOURCE, options);
        return url.substring(origin(node).length());
    }

    private static HttpResponse<byte[]> get(ServerProcess node, String path) throws Exception {
        return HTTP.send(request(node, path), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static HttpRequest request(ServerProcess node, String path) {
        return HttpRequest.newBuilder(URI.create(origin(node) + path)).build();
    }

    private static long renders(ServerProcess node) throws Exception {
        return counter(node, "mediaopt_image_url_renders_total");
    }

    /** A counter of the node's scrape; 0 before it first moved, as Prometheus reads an absent counter. */
    private static long counter(ServerProcess node, String name) throws Exception {
        HttpResponse<String> scrape = HTTP.send(HttpRequest.newBuilder(URI.create(origin(node) + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).isEqualTo(200);
        return PrometheusText.parse(scrape.body()).value(name, Map.of()).orElse(0.0).longValue();
    }

    private static String origin(ServerProcess node) {
        return "http://127.0.0.1:" + node.port();
    }
}
