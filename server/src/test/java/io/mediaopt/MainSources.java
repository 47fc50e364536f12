package io.mediaopt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The server's main Java sources, for tests that read the code itself; found from wherever the build runs them. */
public final class MainSources {
    private MainSources() {}

    public static Path directory() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path sources = dir.resolve("server/src/main/java");
            if (Files.isDirectory(sources)) return sources;
            if (Files.isDirectory(dir.resolve("src/main/java/io/mediaopt"))) return dir.resolve("src/main/java");
        }
        throw new IllegalStateException("server/src/main/java not found above " + Path.of("").toAbsolutePath());
    }

    /** Every .java file under {@link #directory}. */
    public static List<Path> javaFiles() {
        try (Stream<Path> files = Files.walk(directory())) {
            return files.filter(f -> f.toString().endsWith(".java")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
