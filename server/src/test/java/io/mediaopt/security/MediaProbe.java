package io.mediaopt.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** What an output really is, read with plain ffprobe, and other one-off tool runs of the tests. */
final class MediaProbe {
    private static final ObjectMapper JSON = new ObjectMapper();

    private MediaProbe() {}

    static JsonNode of(Path file) throws IOException, InterruptedException {
        return JSON.readTree(run("ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams",
                file.toString()));
    }

    /** Runs a tool and returns its stdout; stderr is dropped; a run is bounded to two minutes. */
    static byte[] run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(2, TimeUnit.MINUTES)) process.destroyForcibly();
        return out;
    }
}
