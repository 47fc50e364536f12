package io.mediaopt.logs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.ServerProcess;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JSON-mode server started as run.sh and the container image start it (scripts/launch-server.sh,
 * with the JVM options of scripts/server-memory.sh for quality per file, the Vector API among
 * them), given a picture that is scored and one that fails, and stopped with SIGTERM: every line
 * of its standard output and standard error, from the JVM's first to the last, is a JSON object.
 */
@ProcessLevel
class JsonLaunchTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final int SIGTERM_EXIT = 128 + 15;

    @Test
    void everyLineTheProcessWritesFromStartToStopIsAJsonObject() throws Exception {
        Path dir = Files.createTempDirectory("mediaopt-json-launch");
        int port = ServerProcess.freePort();
        ProcessBuilder pb = new ProcessBuilder("bash", repository().resolve("scripts/launch-server.sh").toString(),
                "-Dlogback.configurationFile=logback.xml", "-cp", System.getProperty("java.class.path"),
                "io.mediaopt.Main");
        Map<String, String> env = pb.environment();
        // the launch's own JVM options, as a deployment that sets none gets them
        env.remove("MEDIAOPT_JAVA_OPTS");
        // with quality per file the launch loads the Vector API, whose warning the JVM writes at boot
        env.put("SERVICE_IMAGE_QUALITY", "auto");
        env.putAll(Map.of("JAVA_HOME", System.getProperty("java.home"), "SERVICE_LOG_FORMAT", "json",
                "SERVICE_OUTPUT_DIR", dir.resolve("store").toString(), "SERVICE_HOST", "127.0.0.1",
                "PORT", Integer.toString(port), "SERVICE_WORKERS", "1"));
        Path stdout = dir.resolve("stdout"), stderr = dir.resolve("stderr");
        pb.redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        Process process = pb.start();
        List<ProcessHandle> wrappers;
        String baseUrl = "http://127.0.0.1:" + port + "/api";
        try {
            Eventually.until(Duration.ofMinutes(2), "the server answers", () -> {
                if (!process.isAlive()) {
                    throw new AssertionError("exited: " + Files.readString(stdout) + Files.readString(stderr));
                }
                try (MediaoptClient client = MediaoptClient.create(baseUrl)) {
                    return client.health().ok();
                } catch (RuntimeException starting) {
                    return false; // not listening yet
                }
            });
            HttpResponse<byte[]> dark = optimize(baseUrl, Files.readAllBytes(Fixtures.darkPhotoJpeg(640, 480)));
            assertThat(dark.statusCode()).isEqualTo(200);
            assertThat(dark.headers().firstValue("x-service-score")).as("the dark picture was scored").isPresent();
            assertThat(optimize(baseUrl, Fixtures.truncatedJpeg()).statusCode()).isEqualTo(422);
        } finally {
            // what wraps the JVM's standard error writes the JVM's last lines after it exits
            wrappers = process.descendants().toList();
            process.destroy(); // SIGTERM
            if (!process.waitFor(60, TimeUnit.SECONDS)) process.destroyForcibly();
        }
        assertThat(process.exitValue()).as("stopped by its SIGTERM, hooks run").isEqualTo(SIGTERM_EXIT);
        assertThat(wrappers).as("the loop that wraps standard error").isNotEmpty();
        for (ProcessHandle wrapper : wrappers) wrapper.onExit().get(60, TimeUnit.SECONDS);

        List<JsonNode> out = parseEach("stdout", Files.readAllLines(stdout));
        List<JsonNode> err = parseEach("stderr", Files.readAllLines(stderr));
        assertThat(messages(out)).anyMatch(m -> m.startsWith("mediaopt listening on"))
                .anyMatch(m -> m.startsWith("image quality auto by default"))
                .contains("mediaopt stopping", "mediaopt stopped");
        // the JVM's warning at boot, before any Java runs, arrived wrapped
        assertThat(err).anyMatch(line -> line.path("logger").asText().equals("stderr")
                && line.path("message").asText().equals("WARNING: Using incubator modules: jdk.incubator.vector"));
    }

    private static List<JsonNode> parseEach(String stream, List<String> lines) {
        return lines.stream().map(line -> {
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                throw new AssertionError(stream + " has a line that is not JSON: " + line, e);
            }
            assertThat(node.isObject()).as("%s line %s", stream, line).isTrue();
            OffsetDateTime.parse(node.path("time").asText());
            assertThat(node.path("level").asText()).as(line).isIn("TRACE", "DEBUG", "INFO", "WARN", "ERROR");
            assertThat(node.path("logger").asText()).as(line).isNotBlank();
            assertThat(node.path("message").isTextual()).as(line).isTrue();
            return node;
        }).toList();
    }

    private static List<String> messages(List<JsonNode> lines) {
        return lines.stream().map(l -> l.path("message").asText()).toList();
    }

    private static HttpResponse<byte[]> optimize(String baseUrl, byte[] jpeg) throws Exception {
        HttpRequest request = RawMultipart.post(baseUrl, "/media/optimize",
                List.of(Part.file("media", "photo.jpg", jpeg))).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    private static Path repository() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("scripts/launch-server.sh"))) return dir;
        }
        throw new IllegalStateException("scripts/launch-server.sh not found above " + Path.of("").toAbsolutePath());
    }
}
