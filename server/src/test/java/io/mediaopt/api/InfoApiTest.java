package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.Healthy;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Health;
import io.mediaopt.media.MediaFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Health, presets, limits, usage, and the totals headers on every successful response. */
@Integration
class InfoApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_MAX_INPUT_BYTES", "5000000", "SERVICE_IMAGE_TIMEOUT_MS", "12345"));

    @Test
    void healthChecksEveryDependency() throws Exception {
        Health health = Healthy.report(server.client());
        assertThat(health.httpStatus()).isEqualTo(200);
        assertThat(health.status()).isEqualTo("ok");
        assertThat(health.checks()).containsOnlyKeys("ffmpeg", "ffprobe", "libvips", "storage", "database", "outputDisk",
                "databaseDisk");
        assertThat(health.checks().get("outputDisk").path("detail").asText()).matches("[0-9]+ bytes free");
        health.checks().values().forEach(c -> assertThat(c.path("status").asText()).isEqualTo("ok"));
    }

    @Test
    void presetsListTheThreeWithWebAsDefault() {
        JsonNode presets = server.client().presets();
        assertThat(presets.path("defaultPreset").asText()).isEqualTo("web");
        assertThat(presets.path("presets").findValuesAsText("name")).containsExactly("web", "mobile", "low-bandwidth");
        assertThat(presets.path("presets").get(2).path("image").path("maxWidth").asInt()).isEqualTo(720);
    }

    @Test
    void limitsShowTheEffectiveSettings() {
        JsonNode limits = server.client().limits();
        assertThat(limits.path("maxInputBytes").asLong()).isEqualTo(5_000_000L);
        assertThat(limits.path("imageTimeoutMs").asLong()).isEqualTo(12345L);
        assertThat(limits.path("maxInputPixels").asLong()).isEqualTo(100_000_000L);
    }

    @Test
    void limitsListEveryAcceptedFormatWithItsExtensions() {
        JsonNode formats = server.client().limits().path("formats");
        assertThat(formats.findValuesAsText("name"))
                .containsExactlyElementsOf(Arrays.stream(MediaFormat.values()).map(MediaFormat::shortName).toList());
        for (MediaFormat format : MediaFormat.values()) {
            JsonNode listed = formats.get(format.ordinal());
            assertThat(listed.path("kind").asText()).as(format.name()).isEqualTo(format.kind().wireName());
            assertThat(listed.path("mediaType").asText()).as(format.name()).isEqualTo(format.contentType());
            assertThat(listed.path("extensions").valueStream().map(JsonNode::asText).toList())
                    .as(format.name()).isEqualTo(format.extensions());
        }
        assertThat(formats.get(MediaFormat.MOV.ordinal()).path("extensions").toString()).isEqualTo("[\"mov\",\"qt\"]");
    }

    @Test
    void everySuccessfulResponseCarriesTheTotals() throws Exception {
        for (String path : List.of("/usage", "/health", "/media/presets", "/media/limits")) {
            // health may say "degraded" once on a busy machine (see Healthy): its answer is asked again
            HttpResponse<String> r = Eventually.await(Duration.ofSeconds(60),
                    () -> Raw.send(Raw.request(server.baseUrl(), path).GET().build()), a -> a.statusCode() == 200);
            assertThat(r.statusCode()).as(path).isEqualTo(200);
            assertThat(r.headers().firstValue("x-service-total-jobs")).as(path).isPresent();
            assertThat(r.headers().firstValue("x-service-total-bytes-saved")).as(path).isPresent();
        }
        HttpResponse<String> notFound = Raw.send(Raw.request(server.baseUrl(), "/media/jobs/none").GET().build());
        assertThat(notFound.headers().firstValue("x-service-total-jobs")).isEmpty();
    }

    @Test
    void usageHasTheFourCounters() throws Exception {
        HttpResponse<String> r = Raw.send(Raw.request(server.baseUrl(), "/usage").GET().build());
        JsonNode usage = new ObjectMapper().readTree(r.body());
        assertThat(usage.fieldNames()).toIterable()
                .containsExactlyInAnyOrder("totalJobs", "totalInputBytes", "totalOutputBytes", "totalSavedBytes");
    }
}
