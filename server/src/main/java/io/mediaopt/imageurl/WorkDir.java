package io.mediaopt.imageurl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A request's scratch directory, made under the work root only when a fetch or a render first
 * needs it (a hit needs none) and removed with everything in it when the request ends.
 */
final class WorkDir implements AutoCloseable {
    private final Path root;
    private Path dir;

    WorkDir(Path root) {
        this.root = root;
    }

    Path path() {
        if (dir == null) {
            try {
                Files.createDirectories(root);
                dir = Files.createTempDirectory(root, "img");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }

    @Override
    public void close() {
        if (dir == null) return;
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover work directory is removed with the next start's leftovers
        }
    }
}
