package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaopt.client.StubApiServer.Canned;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OptimizeTest {
    static final byte[] OUTPUT = {'R', 'I', 'F', 'F', 0, 1, 2, 3};

    @TempDir
    Path dir;
    StubApiServer server;
    MediaoptClient client;
    Path input;

    @BeforeEach
    void start() throws IOException {
        server = StubApiServer.start();
        client = MediaoptClient.create(server.baseUrl() + "/");
        input = Files.write(dir.resolve("big.png"), new byte[] {9, 9, 9, 9, 9, 9, 9, 9, 9, 9});
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    static Canned videoResponse(String disposition) {
        var headers = new LinkedHashMap<String, String>();
        headers.put("Content-Type", "video/webm");
        headers.put("Content-Disposition", disposition);
        headers.put("x-service-kind", "video");
        headers.put("x-service-preset", "low-bandwidth");
        headers.put("x-service-strategy", "video-webm-vp9");
        headers.put("x-service-input-bytes", "10");
        headers.put("x-service-output-bytes", "8");
        headers.put("x-service-saved-bytes", "2");
        headers.put("x-service-saved-percent", "20.00");
        headers.put("x-service-input-duration", "3.2");
        headers.put("x-service-output-duration", "3.18");
        headers.put("x-service-crf", "38");
        headers.put("x-service-input-width", "1920");
        headers.put("x-service-output-width", "854");
        headers.put("x-service-total-jobs", "41");
        headers.put("x-service-total-bytes-saved", "123456");
        return new Canned(200, Map.copyOf(headers), OUTPUT);
    }

    @Test
    void readsTheRequestedOptionsFromTheHeaders() {
        Canned canned = videoResponse("inline; filename=\"big.webm\"");
        var headers = new LinkedHashMap<>(canned.headers());
        headers.put("x-service-requested-format", "webm");
        headers.put("x-service-requested-width", "320");
        server.on("POST", "/api/media/optimize", new Canned(200, Map.copyOf(headers), OUTPUT));

        Optimization optimization = client.optimize(input, "web", OptimizeOptions.DEFAULT.withFormat(OutputFormat.WEBM)
                .withWidth(320));

        assertThat(optimization.summary().requested()).isEqualTo(new OptimizeOptions(null, OutputFormat.WEBM, 320));
        var parts = MultipartParts.parse(server.lastRequest().header("Content-Type"), server.lastRequest().body());
        assertThat(parts).extracting(MultipartParts.Part::name).containsExactly("preset", "format", "width", "media");

        server.on("POST", "/api/media/optimize", videoResponse("inline; filename=\"big.webm\""));
        assertThat(client.optimize(input, "web").summary().requested()).isEqualTo(OptimizeOptions.DEFAULT);
    }

    @Test
    void returnsTheOutputWithTheMetadataFromTheHeaders() {
        server.on("POST", "/api/media/optimize",
                videoResponse("inline; filename=\"big.webm\"; filename*=UTF-8''gro%C3%9F.webm"));

        Optimization optimization = client.optimize(input, "low-bandwidth");

        assertThat(optimization.content()).isEqualTo(OUTPUT);
        assertThat(optimization.summary().preset()).isEqualTo("low-bandwidth");
        assertThat(optimization.summary().inputBytes()).isEqualTo(10);
        assertThat(optimization.result()).isEqualTo(ResultFields.of(Map.ofEntries(Map.entry("kind", "video"),
                Map.entry("strategy", "video-webm-vp9"), Map.entry("contentType", "video/webm"),
                Map.entry("filename", "groß.webm"), Map.entry("outputBytes", 8), Map.entry("savedBytes", 2),
                Map.entry("savedPercent", 20.0), Map.entry("inputDurationSec", 3.2),
                Map.entry("outputDurationSec", 3.18), Map.entry("inputWidth", 1920), Map.entry("outputWidth", 854),
                Map.entry("crf", 38))));
        assertThat(optimization.totals()).isEqualTo(new Totals(41L, 123456L));
        // Through the trailing-slash base URL, the path must not get a double slash.
        assertThat(server.lastRequest().path()).isEqualTo("/api/media/optimize");
        assertThat(server.lastRequest().header("x-api-key")).isNull();
        assertThat(server.lastRequest().header("Accept")).isNotEqualTo("application/json");
        var parts = MultipartParts.parse(server.lastRequest().header("Content-Type"), server.lastRequest().body());
        assertThat(parts.get(1).filename()).isEqualTo("big.png");
    }

    @Test
    void imageResponsesCarryNoDurationsAndMissingTotalsStayNull() {
        var headers = new LinkedHashMap<>(videoResponse("inline; filename=\"big.webp\"").headers());
        headers.keySet().removeIf(name -> name.contains("duration") || name.contains("total"));
        headers.put("x-service-kind", "image");
        server.on("POST", "/api/media/optimize", new Canned(200, headers, OUTPUT));

        Optimization optimization = client.optimize("big.png", new byte[] {1}, null);

        assertThat(optimization.result().kind()).isEqualTo("image");
        assertThat(optimization.result().filename()).isEqualTo("big.webp");
        assertThat(optimization.result().inputDurationSec()).isNull();
        assertThat(optimization.result().outputDurationSec()).isNull();
        assertThat(optimization.totals()).isEqualTo(new Totals(null, null));
    }

    @Test
    void aResponseMissingARequiredHeaderNamesIt() {
        var headers = new LinkedHashMap<>(videoResponse("inline").headers());
        headers.remove("x-service-saved-bytes");
        server.on("POST", "/api/media/optimize", new Canned(200, headers, OUTPUT));

        assertThatThrownBy(() -> client.optimize(input, null))
                .isExactlyInstanceOf(MediaoptException.class)
                .hasMessageContaining("x-service-saved-bytes");
    }

    @Test
    void streamsTheOutputToATargetFile() throws IOException {
        server.on("POST", "/api/media/optimize", videoResponse("inline; filename=\"big.webm\""));
        Path target = dir.resolve("out.webm");

        OptimizationSummary summary = client.optimizeTo(input, "web", target);

        assertThat(target).hasBinaryContent(OUTPUT);
        assertThat(summary.result().filename()).isEqualTo("big.webm");
        assertThat(summary.totals().totalJobs()).isEqualTo(41L);
        try (var files = Files.list(dir)) {
            assertThat(files).extracting(path -> path.getFileName().toString())
                    .containsExactlyInAnyOrder("big.png", "out.webm");
        }
    }

    @Test
    void aRefusedOptimizationLeavesAnExistingTargetUntouched() throws IOException {
        server.on("POST", "/api/media/optimize",
                Canned.error(415, "unsupported-type", "Expected an image or a video"));
        Path target = Files.writeString(dir.resolve("out.webm"), "previous");

        assertThatThrownBy(() -> client.optimizeTo(input, "web", target))
                .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(415);
                    assertThat(e.code()).isEqualTo("unsupported-type");
                    assertThat(e.getMessage()).isEqualTo("Expected an image or a video");
                });
        assertThat(target).hasContent("previous");
    }

    @Test
    void asksForTheJobJsonWhenOptimizingAsAJob() {
        server.on("POST", "/api/media/optimize", Canned.json(200, JobsTest.DONE_JOB));

        Job job = client.optimizeAsJob(input, "low-bandwidth");

        assertThat(server.lastRequest().header("Accept")).isEqualTo("application/json");
        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        assertThat(job.result().strategy()).isEqualTo("video-webm-vp9");
    }

    @Test
    void downloadsAJobOutputToAFile() {
        server.on("GET", "/api/media/jobs/j-1/download", new Canned(200, Map.of(
                "Content-Type", "image/avif",
                "Content-Disposition", "attachment; filename*=UTF-8''%F0%9F%90%88.avif",
                "Cache-Control", "no-store"), OUTPUT));
        Path target = dir.resolve("cat.avif");

        Download download = client.download("j-1", target);

        assertThat(download).isEqualTo(new Download(target, "image/avif", "🐈.avif", OUTPUT.length));
        assertThat(target).hasBinaryContent(OUTPUT);
    }

    @Test
    void downloadingBeforeTheJobIsDoneIsNotReady() {
        server.on("GET", "/api/media/jobs/j-9/download", Canned.error(409, "not-ready", "Job j-9 is processing"));
        Path target = dir.resolve("never.webp");

        assertThatThrownBy(() -> client.download("j-9", target))
                .isInstanceOfSatisfying(MediaoptApiException.class, e -> assertThat(e.code()).isEqualTo("not-ready"));
        assertThat(target).doesNotExist();
    }
}
