package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Optimization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The placeholders of the real server's answers: an image job's result, every file of its
 * responsive set and its {@code <picture>}, a video's poster, and the synchronous route's headers
 * read by the Java client. How close a hash comes to its picture is proven with the reference
 * decoder in the TypeScript client's tests (placeholders.test.mjs).
 */
@Integration
class PlaceholdersApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1"));

    /** 4x3 components for a 4:3 picture, 28 base-83 characters. */
    private static final String LANDSCAPE_HASH = "L[0-9A-Za-z#$%*+,\\-.:;=?@\\[\\]^_{|}~]{27}";
    private static final String COLOUR = "#[0-9a-f]{6}";

    @Test
    void anImageJobEveryFileOfItsResponsiveSetAndItsPictureCarryThePlaceholder() throws Exception {
        JsonNode result = RenditionsApiTest.submitAndWait(server, "photo.jpg", Fixtures.photoJpeg(1600, 1200), "web",
                "responsive", null).path("result");

        assertThat(result.path("outputWidth").asInt()).isEqualTo(1600);
        assertThat(result.path("outputHeight").asInt()).isEqualTo(1200);
        assertThat(result.path("blurhash").asText()).matches(LANDSCAPE_HASH);
        assertThat(result.path("dominantColor").asText()).matches(COLOUR);
        List<JsonNode> set = list(result.path("renditions"));
        assertThat(set).hasSizeGreaterThanOrEqualTo(6).allSatisfy(r -> {
            assertThat(r.path("width").asInt()).isPositive();
            assertThat(r.path("height").asInt()).isEqualTo(r.path("width").asInt() * 3 / 4);
            assertThat(r.path("blurhash").asText()).isEqualTo(set.getFirst().path("blurhash").asText())
                    .matches(LANDSCAPE_HASH);
            assertThat(r.path("dominantColor").asText()).isEqualTo(set.getFirst().path("dominantColor").asText());
        });
        // the set's picture and the main output's are one decode of the same input
        assertThat(distance(set.getFirst().path("dominantColor").asText(), result.path("dominantColor").asText()))
                .isLessThanOrEqualTo(6);
        assertThat(result.path("picture").asText()).contains(" width=\"1600\" height=\"1200\" style=\"background-color:"
                + set.getFirst().path("dominantColor").asText() + "\" alt=\"\"");
    }

    @Test
    void aVideosPosterCarriesItsPlaceholderAndTheVideoResultNone() throws Exception {
        // a plain blue picture with the moving pattern in a small box at its corner
        Path clip = Fixtures.video("blue.mp4", "320x240", 25, 2, false,
                "-vf", "drawbox=x=0:y=0:w=iw:h=ih*4/5:color=0x3366cc:t=fill",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p");

        JsonNode result = RenditionsApiTest.submitAndWait(server, "clip.mp4", clip, "web", "poster", null)
                .path("result");

        JsonNode poster = list(result.path("renditions")).getFirst();
        assertThat(poster.path("role").asText()).isEqualTo("poster");
        assertThat(poster.path("width").asInt() + "x" + poster.path("height").asInt()).isEqualTo("320x240");
        assertThat(poster.path("blurhash").asText()).matches(LANDSCAPE_HASH);
        assertThat(distance(poster.path("dominantColor").asText(), "#3366cc")).isLessThanOrEqualTo(12);
        assertThat(result.has("blurhash")).isFalse();
        assertThat(result.has("dominantColor")).isFalse();
    }

    @Test
    void theSynchronousRouteSendsThemAsHeadersWhichTheClientReads() {
        Optimization portrait = server.client().optimize(Fixtures.photoJpeg(600, 800), "web");

        assertThat(portrait.result().outputWidth()).isEqualTo(600);
        assertThat(portrait.result().outputHeight()).isEqualTo(800);
        // 3x4 components for a 3:4 picture
        assertThat(portrait.result().blurhash()).startsWith("T").hasSize(28);
        assertThat(portrait.result().dominantColor()).matches(COLOUR);

        Optimization video = server.client().optimize(Fixtures.shortClip(), "web");
        assertThat(video.result().blurhash()).isNull();
        assertThat(video.result().dominantColor()).isNull();
    }

    /** The largest difference of one channel between two {@code #rrggbb} colours. */
    static int distance(String a, String b) {
        int most = 0;
        for (int i = 1; i < 7; i += 2) {
            most = Math.max(most, Math.abs(Integer.parseInt(a.substring(i, i + 2), 16)
                    - Integer.parseInt(b.substring(i, i + 2), 16)));
        }
        return most;
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        return items;
    }
}
