package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.web.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.mediaopt.api.HlsRenditionsApiTest.probe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The {@code sources} rendition through the real server: ffprobe sees AV1 and H.264 in MP4 for
 * the whole length, the codecs strings say what ffprobe sees, and Debian's Chromium plays the
 * {@code <video>} snippet from its AV1 source.
 */
@Integration
class VideoSourcesApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1"));
    private static final Pattern AV1 = Pattern.compile("av01\\.0\\.(\\d\\d)M\\.08, mp4a\\.40\\.2");
    private static final Pattern H264 = Pattern.compile("avc1\\.64([0-9a-f]{2})([0-9a-f]{2}), mp4a\\.40\\.2");

    @Test
    void anAv1AndAnH264SourceOfTheWholeLengthWithTheirExactCodecsAndAv1PlaysFirstInChromium() throws Exception {
        Path clip = Fixtures.video("sources.mp4", "640x360", 25, 3, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
        JsonNode job = RenditionsApiTest.submitAndWait(server, "sources.mp4", clip, "web", "sources,poster", null);
        List<JsonNode> sources = new ArrayList<>();
        job.path("result").path("renditions").forEach(r -> {
            if (r.path("role").asText().equals("video-source")) sources.add(r);
        });
        assertThat(sources).extracting(r -> r.path("name").asText()).containsExactly("av1.mp4", "h264.mp4");

        JsonNode av1 = sources.getFirst();
        String av1Url = av1.path("url").asText();
        assertThat(av1.path("contentType").asText()).isEqualTo("video/mp4");
        assertThat(av1.path("width").asInt()).isEqualTo(640);
        assertThat(av1.path("height").asInt()).isEqualTo(360);
        assertThat(probe(av1Url, "stream=codec_name,profile,pix_fmt", "v:0")).isEqualTo("av1xMainxyuv420p");
        Matcher av1Codecs = AV1.matcher(av1.path("codecs").asText());
        assertThat(av1Codecs.matches()).as(av1.path("codecs").asText()).isTrue();
        assertThat(Integer.parseInt(av1Codecs.group(1))).isEqualTo(Integer.parseInt(probe(av1Url, "stream=level", "v:0")));
        assertThat(Double.parseDouble(probe(av1Url, "format=duration", null))).isCloseTo(3.0, within(0.1));

        JsonNode h264 = sources.get(1);
        assertThat(h264.has("av1Omitted")).as("AV1 judged no worse than H.264").isFalse();
        String h264Url = h264.path("url").asText();
        assertThat(probe(h264Url, "stream=codec_name,profile", "v:0")).isEqualTo("h264xHigh");
        Matcher h264Codecs = H264.matcher(h264.path("codecs").asText());
        assertThat(h264Codecs.matches()).as(h264.path("codecs").asText()).isTrue();
        assertThat(Integer.parseInt(h264Codecs.group(2), 16)).isEqualTo(Integer.parseInt(probe(h264Url, "stream=level", "v:0")));
        assertThat(Double.parseDouble(probe(h264Url, "format=duration", null))).isCloseTo(3.0, within(0.1));
        assertThat(probe(av1Url, "stream=codec_name", "a:0")).isEqualTo("aac");

        String snippet = job.path("result").path("video").asText();
        assertThat(snippet).contains("poster=\"").contains("type='video/mp4; codecs=\"" + av1.path("codecs").asText() + "\"'");
        assertThat(snippet.indexOf(av1Url.replace("&", "&amp;")))
                .isPositive().isLessThan(snippet.indexOf(h264Url.replace("&", "&amp;")));

        try (Chromium chromium = new Chromium(); BrowserContext context = chromium.newContext(800, 600)) {
            Page page = context.newPage();
            page.setContent("<!doctype html><body>" + snippet + "</body>");
            Object played = page.evaluate("async () => {"
                    + " const v = document.querySelector('video'); v.muted = true; await v.play();"
                    + " await new Promise((done, fail) => { setTimeout(() => fail(new Error('stuck at ' + v.currentTime)), 20000);"
                    + "   v.addEventListener('timeupdate', () => { if (v.currentTime > 1) done(); }); });"
                    + " return v.currentSrc + ' ' + v.currentTime; }");
            String[] answer = played.toString().split(" ");
            assertThat(answer[0]).isEqualTo(av1Url);
            assertThat(Double.parseDouble(answer[1])).isGreaterThan(1.0);
            assertThat(page.evaluate("t => document.createElement('video').canPlayType(t)",
                    String.format(Locale.ROOT, "video/mp4; codecs=\"%s\"", av1.path("codecs").asText())))
                    .isEqualTo("probably");
        }
    }
}
