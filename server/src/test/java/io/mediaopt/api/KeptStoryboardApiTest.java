package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static io.mediaopt.api.KeptJobs.fetch;
import static io.mediaopt.api.KeptJobs.fields;
import static org.assertj.core.api.Assertions.assertThat;

/** A private kept job's storyboard: its WebVTT, at a signed stable URL, names the sheet by a signed name beside it. */
@Integration
class KeptStoryboardApiTest {
    private static final String KEY = "storyboard-key-0123456789";
    private static final String CDN = "https://cdn.example.test";
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1",
            "SERVICE_API_KEYS", "owner:" + KEY, "SERVICE_PUBLIC_MEDIA_URL", CDN)).withS3();

    @Test
    void theWebVttAtItsSignedStableUrlNamesTheSheetSignedBesideItAnsweringWithoutAKey() throws Exception {
        String id = KeptJobs.submit(server.baseUrl(), KEY, Fixtures.shortClip(), fields("keep", "true",
                "renditions", "storyboard"));
        JsonNode job = KeptJobs.awaitDone(server.baseUrl(), KEY, id);
        JsonNode sheet = job.path("result").path("renditions").get(0);
        JsonNode vtt = job.path("result").path("renditions").get(1);
        assertThat(vtt.path("url").asText()).startsWith(CDN + "/media/" + id + "/storyboard.vtt?exp=").contains("&sig=");

        HttpResponse<byte[]> served = fetch(local(vtt.path("url").asText()));
        assertThat(served.statusCode()).isEqualTo(200);
        List<StoryboardApiTest.Cue> cues = StoryboardApiTest.cues(new String(served.body(), StandardCharsets.UTF_8));
        assertThat(cues).hasSize(1);
        // named beside the WebVTT, with the WebVTT's expiry and its own signature
        String sheetUrl = URI.create(vtt.path("url").asText()).resolve(cues.getFirst().sheet()).toString();
        assertThat(sheetUrl).startsWith(CDN + "/media/" + id + "/storyboard.webp?exp=").contains("&sig=");
        HttpResponse<byte[]> image = fetch(local(sheetUrl));
        assertThat(image.statusCode()).isEqualTo(200);
        assertThat((long) image.body().length).isEqualTo(sheet.path("bytes").asLong());
    }

    /** The media host's URL as the service itself answers it, the CDN being a name only here. */
    private static String local(String url) {
        assertThat(url).startsWith(CDN + "/");
        return server.baseUrl().substring(0, server.baseUrl().length() - "/api".length()) + url.substring(CDN.length());
    }
}
