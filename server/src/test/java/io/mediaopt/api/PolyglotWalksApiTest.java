package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.metrics.PrometheusText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each job's input is walked whole for a polyglot once, where the service first reads it whole:
 * a form's and a synchronous upload's as they arrive, a direct upload's when its job runs; a form
 * job's input, stored and read back by its worker, is not walked again. Counted by the
 * {@code mediaopt_polyglot_walks_total} metric of a real server on a real S3 bucket.
 */
@Integration
class PolyglotWalksApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String WALKS = "mediaopt_polyglot_walks_total";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1")).withS3();

    @Test
    void eachOriginWalksItsInputOnce() throws Exception {
        byte[] photo = Files.readAllBytes(Fixtures.photoJpeg(320, 240));
        try (MediaoptClient client = server.client()) {
            Job form = client.waitForJob(client.submitJob("photo.jpg", photo, "web").jobId(), Duration.ofSeconds(60));
            assertThat(form.status()).isEqualTo(JobStatus.DONE);
            assertThat(walks("form")).as("walked at upload, not again by its worker").contains(1.0);
            assertThat(walks("stored")).isEmpty();

            client.optimize("photo.jpg", photo, "web");
            assertThat(walks("sync")).contains(1.0);

            String direct = directUpload(photo);
            assertThat(client.waitForJob(direct, Duration.ofSeconds(60)).status()).isEqualTo(JobStatus.DONE);
            assertThat(walks("stored")).as("sniffed from its first bytes, walked by its worker").contains(1.0);
            assertThat(walks("form")).contains(1.0);
            assertThat(walks("sync")).contains(1.0);
        }
    }

    private static Optional<Double> walks(String origin) throws Exception {
        HttpResponse<String> scrape = Raw.send(HttpRequest.newBuilder(URI.create(
                server.baseUrl().replaceFirst("/api$", "") + "/metrics")).build());
        assertThat(scrape.statusCode()).isEqualTo(200);
        return PrometheusText.parse(scrape.body()).value(WALKS, Map.of("origin", origin));
    }

    /** A file PUT to the bucket through a pre-signed URL, then completed: the id of its job. */
    private static String directUpload(byte[] bytes) throws Exception {
        HttpResponse<String> created = Raw.send(Raw.request(server.baseUrl(), "/uploads/direct")
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(JSON.writeValueAsString(Map.of("filename", "photo.jpg",
                        "size", bytes.length, "contentType", "image/jpeg", "preset", "web")))).build());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode started = JSON.readTree(created.body());
        HttpRequest.Builder put = HttpRequest.newBuilder(URI.create(started.path("uploadUrl").asText()))
                .PUT(BodyPublishers.ofByteArray(bytes));
        started.path("headers").properties().forEach(h -> put.header(h.getKey(), h.getValue().asText()));
        assertThat(Raw.send(put.build()).statusCode()).isEqualTo(200);
        HttpResponse<String> done = Raw.send(Raw.request(server.baseUrl(), "/uploads/"
                + started.path("uploadId").asText() + "/complete").POST(BodyPublishers.noBody()).build());
        assertThat(done.statusCode()).as(done.body()).isEqualTo(202);
        return JSON.readTree(done.body()).path("jobId").asText();
    }
}
