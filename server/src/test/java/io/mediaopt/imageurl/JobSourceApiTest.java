package io.mediaopt.imageurl;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.client.JobStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A done job's output as the source of an image URL (mediaopt://jobs/<id>/output), on a service
 * without API keys, where every job is everyone's; one not done yet is 409, a missing one 404.
 * With keys on, job sources are refused: ImageUrlApiTest#jobSourcesNeedKeysOff.
 */
@Integration
class JobSourceApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            "SERVICE_IMAGE_URL_KEYS", ProcessingUrlTest.KEY + ":" + ProcessingUrlTest.SALT));

    static HttpResponse<byte[]> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(server.baseUrl().replaceFirst("/api$", "") + path)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void aDoneJobsOutputIsASource() throws Exception {
        String id = server.client().submitJob(Fixtures.photoJpeg(640, 480), "web").jobId();
        assertThat(server.client().waitForJob(id, Duration.ofSeconds(120)).status()).isEqualTo(JobStatus.DONE);
        HttpResponse<byte[]> answer = get(ImageUrlApiTest.signed("rs:fill:100:100/f:jpg", "mediaopt://jobs/" + id + "/output"));
        assertThat(answer.statusCode()).as(new String(answer.body(), StandardCharsets.UTF_8)).isEqualTo(200);
        assertThat(answer.headers().firstValue("x-service-output-width")).hasValue("100");
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("image/jpeg");
        assertThat(get(ImageUrlApiTest.signed("w:10", "mediaopt://jobs/nope/output")).statusCode()).isEqualTo(404);
        assertThat(get(ImageUrlApiTest.signed("w:10", "mediaopt://jobs/" + id + "/input")).statusCode()).isEqualTo(400);
    }
}
