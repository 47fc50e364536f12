package io.mediaopt;

import io.mediaopt.client.MediaoptClient;
import io.mediaopt.image.TestVips;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The real server started in this JVM on a free port of 127.0.0.1, with its own store. */
public final class TestService implements AutoCloseable {
    private final RunningService service;
    private final Path outputDir;
    private final Map<String, String> env;

    private TestService(RunningService service, Path outputDir, Map<String, String> env) {
        this.service = service;
        this.outputDir = outputDir;
        this.env = env;
    }

    public static TestService start(Map<String, String> overrides) throws IOException {
        return start(overrides, Clock.systemUTC());
    }

    /** A server whose clock is {@code clock}: a later one sees every job as older than it is. */
    public static TestService start(Map<String, String> overrides, Clock clock) throws IOException {
        Path outputDir = Files.createTempDirectory("mediaopt-store");
        Map<String, String> env = new HashMap<>();
        env.put("SERVICE_HOST", "127.0.0.1");
        env.put("PORT", "0");
        env.put("SERVICE_OUTPUT_DIR", outputDir.toString());
        env.put("SERVICE_WORKERS", "2");
        TestVips.library().ifPresent(library -> env.put("SERVICE_LIBVIPS_PATH", library.toString()));
        env.putAll(overrides);
        return new TestService(Main.start(Config.fromEnvironment(env), clock), outputDir, env);
    }

    public static TestService start() throws IOException {
        return start(Map.of());
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + service.port() + "/api";
    }

    public MediaoptClient client() {
        String entry = env.getOrDefault("SERVICE_API_KEYS", "").split(",")[0];
        String key = entry.substring(entry.indexOf(':') + 1).strip();
        var builder = MediaoptClient.builder(baseUrl());
        return (key.isEmpty() ? builder : builder.apiKey(key)).build();
    }

    /** Every route the server answers, "METHOD path", in the order its features registered them. */
    public List<String> routes() {
        return service.routes();
    }

    public Path outputDir() {
        return outputDir;
    }

    @Override
    public void close() {
        service.close();
    }
}
