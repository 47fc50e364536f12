package io.mediaopt.bench;

import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.OptimizationSummary;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every section of a run shares: the options, the inputs, the running service and a client
 * of it, the presets it lists, the report, and a scratch directory for outputs.
 */
final class BenchRun implements AutoCloseable {
    static final Duration TOOL_TIMEOUT = Duration.ofMinutes(10);

    final BenchOptions options;
    final MediaSet media;
    final Report report;
    /**
     * ffmpeg commands the service logged, by {@link #key}: a command holds the output size
     * worked out for its input, so it is only ever reused for the same input.
     */
    final Map<String, List<String>> videoCommands = new HashMap<>();
    /** The latest service output per input and preset, so a later section can reuse a slow one. */
    private final Map<String, Output> outputs = new HashMap<>();
    private ServerProcess server;
    private MediaoptClient client;
    private List<ServicePreset> presets;
    private int serverStarts;

    BenchRun(BenchOptions options, MediaSet media, Report report) {
        this.options = options;
        this.media = media;
        this.report = report;
    }

    /** Starts a fresh server (stopping the previous one): a new process, new store, no history. */
    void restartServer() {
        stopServer();
        serverStarts++;
        server = ServerProcess.start(options.java(), options.serverJar(), options.serverJvm(),
                options.workDir().resolve("server-" + serverStarts));
        client = MediaoptClient.builder(server.baseUrl()).requestTimeout(Duration.ofMinutes(15)).build();
        presets = ServicePreset.parse(client.presets());
    }

    void stopServer() {
        if (client != null) client.close();
        if (server != null) server.close();
        client = null;
        server = null;
    }

    ServerProcess server() {
        if (server == null) restartServer();
        return server;
    }

    MediaoptClient client() {
        server();
        return client;
    }

    List<ServicePreset> presets() {
        server();
        return presets;
    }

    ServicePreset preset(String name) {
        return presets().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("the service has no preset " + name));
    }

    /** A file the service wrote and what it said about it. */
    record Output(Path file, OptimizationSummary summary) {}

    /** One synchronous optimization through the client, its output written to {@code target}. */
    OptimizationSummary optimize(MediaCase input, String preset, Path target) {
        OptimizationSummary summary = client().optimizeTo(input.file(), preset, target);
        synchronized (outputs) {
            outputs.put(key(input, preset), new Output(target, summary));
        }
        return summary;
    }

    /** The latest output of {@code input} with {@code preset} in this run, if any. */
    Optional<Output> latestOutput(MediaCase input, String preset) {
        synchronized (outputs) {
            return Optional.ofNullable(outputs.get(key(input, preset)));
        }
    }

    /** The ffmpeg command the service ran for {@code input} with {@code preset}, asking it if need be. */
    List<String> videoCommand(MediaCase input, ServicePreset preset) {
        return videoCommands.computeIfAbsent(key(input, preset.name()), k -> {
            OptimizationSummary summary = optimize(input, preset.name(), dir("probe").resolve(input.name()));
            return RawVideoCommand.lastLogged(server().logLines(), summary.result().strategy()).orElseThrow(
                    () -> new IllegalStateException("the server log has no ffmpeg command; is io.mediaopt.video at DEBUG?"));
        });
    }

    static String key(MediaCase input, String preset) {
        return input.name() + "/" + preset;
    }

    /** A directory under the work directory, created on first use. */
    Path dir(String name) {
        Path dir = options.workDir().resolve(name);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    @Override
    public void close() {
        stopServer();
    }
}
