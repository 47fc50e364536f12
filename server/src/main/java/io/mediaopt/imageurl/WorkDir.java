package io.mediaopt.imageurl;

import io.mediaopt.DirectoryTrees;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

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
                dir = Files.createTempDirectory(root, "img");
            } catch (NoSuchFileException e) {
                // the root is made once: createDirectories on a directory that exists throws and
                // catches an exception inside, on every miss
                dir = made();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }

    private Path made() {
        try {
            Files.createDirectories(root);
            return Files.createTempDirectory(root, "img");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (dir == null) return;
        try {
            DirectoryTrees.delete(dir);
        } catch (IOException ignored) {
            // a leftover work directory is removed with the next start's leftovers
        }
    }
}
