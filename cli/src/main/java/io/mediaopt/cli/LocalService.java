package io.mediaopt.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.mediaopt.Config;
import io.mediaopt.Main;
import io.mediaopt.RunningService;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The real service, wired by the server's own Main, started in this process on a free port of
 * 127.0.0.1 with a temporary store that is deleted when it stops. Its SERVICE_* settings (ffmpeg
 * paths, limits, workers) come from the environment like the server's; host, port and store do not.
 */
final class LocalService implements AutoCloseable {
    private final RunningService service;
    private final Path store;

    private LocalService(RunningService service, Path store) {
        this.service = service;
        this.store = store;
    }

    static LocalService start() throws IOException {
        // the service's log is for operators; this tool reports every file itself
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.OFF);
        Path store = Files.createTempDirectory("mediaopt-cli-store");
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(name -> name.equals("SERVICE_API_KEYS") || name.equals("SERVICE_DATABASE_URL")
                || name.startsWith("SERVICE_OBJECT_") || name.equals("SERVICE_PUBLIC_URL") || name.equals("SERVICE_ROLE"));
        env.put("SERVICE_HOST", "127.0.0.1");
        env.put("PORT", "0");
        env.put("SERVICE_OUTPUT_DIR", store.toString());
        try {
            return new LocalService(Main.start(Config.fromEnvironment(env), Clock.systemUTC()), store);
        } catch (RuntimeException | IOException e) {
            delete(store);
            throw e;
        }
    }

    String baseUrl() {
        return "http://127.0.0.1:" + service.port() + "/api";
    }

    @Override
    public void close() {
        service.close();
        delete(store);
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not delete the temporary store " + dir, e);
        }
    }
}
