package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.S3TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Renditions kept in the bucket: signed links per file, and the API routes reading from the bucket. */
@Integration
class S3RenditionsApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1")).withS3();

    @Test
    void everyRenditionLinksToASignedObjectUnderTheJobsPrefixAndTheRoutesReadTheBucket() throws Exception {
        JsonNode job = RenditionsApiTest.submitAndWait(server, "photo.jpg", Fixtures.photoJpeg(800, 600), "web",
                "responsive", null);
        String id = job.path("jobId").asText();
        JsonNode renditions = job.path("result").path("renditions");
        assertThat(renditions.size()).isGreaterThanOrEqualTo(3);
        for (JsonNode r : renditions) {
            String url = r.path("url").asText();
            assertThat(url).startsWith(server.s3().endpoint() + "/" + S3TestServer.BUCKET + "/outputs/" + id + "/")
                    .contains("/" + r.path("name").asText() + "?", "X-Amz-Signature=");
            HttpResponse<byte[]> signed = Raw.HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(signed.statusCode()).isEqualTo(200);
            assertThat(signed.headers().firstValue("Content-Type")).hasValue(r.path("contentType").asText());
            assertThat((long) signed.body().length).isEqualTo(r.path("bytes").asLong());

            HttpResponse<byte[]> routed = Raw.HTTP.send(Raw.request(server.baseUrl(), "/media/jobs/" + id
                    + "/renditions/" + r.path("name").asText()).build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(routed.statusCode()).isEqualTo(200);
            assertThat(routed.body()).isEqualTo(signed.body());
        }
        assertThat(job.path("result").path("picture").asText()).contains("X-Amz-Signature=", "&amp;");
        HttpResponse<byte[]> picked = Raw.HTTP.send(Raw.request(server.baseUrl(), "/media/jobs/" + id + "/picture?w=400")
                .header("Accept", "image/webp,*/*").build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(picked.statusCode()).isEqualTo(200);
        assertThat(picked.headers().firstValue("Content-Type")).hasValue("image/webp");
    }

    @Test
    void theStoryboardsWebVttIsServedByTheRouteNamingTheSheetByASignedUrl() throws Exception {
        JsonNode job = RenditionsApiTest.submitAndWait(server, "short.mp4", Fixtures.shortClip(), "web", "storyboard",
                null);
        JsonNode vtt = job.path("result").path("renditions").get(1);
        assertThat(vtt.path("role").asText()).isEqualTo("storyboard-vtt");
        assertThat(vtt.path("url").asText()).isEqualTo(server.baseUrl() + "/media/jobs/"
                + job.path("jobId").asText() + "/renditions/storyboard.vtt");
        HttpResponse<String> served = Raw.HTTP.send(HttpRequest.newBuilder(URI.create(vtt.path("url").asText())).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        List<StoryboardApiTest.Cue> cues = StoryboardApiTest.cues(served.body());
        assertThat(cues).hasSize(1);
        String sheetUrl = cues.getFirst().sheet();
        assertThat(sheetUrl).contains("/storyboard.webp?", "X-Amz-Signature=");
        HttpResponse<byte[]> sheet = Raw.HTTP.send(HttpRequest.newBuilder(URI.create(sheetUrl)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(sheet.statusCode()).isEqualTo(200);
        assertThat((long) sheet.body().length).isEqualTo(job.path("result").path("renditions").get(0).path("bytes").asLong());
    }
}
