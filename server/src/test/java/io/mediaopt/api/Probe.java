package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Reads what an output really is, with ffprobe: the tests check properties, not bytes. */
final class Probe {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Probe() {}

    static JsonNode of(Path file) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ffprobe", "-v", "error", "-print_format", "json",
                "-show_format", "-show_streams", file.toString()));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        p.waitFor(30, TimeUnit.SECONDS);
        return JSON.readTree(out);
    }

    static JsonNode stream(JsonNode probe, String type) {
        for (JsonNode s : probe.path("streams")) {
            if (type.equals(s.path("codec_type").asText())) return s;
        }
        return null;
    }

    static double duration(JsonNode probe) {
        return probe.path("format").path("duration").asDouble();
    }
}
