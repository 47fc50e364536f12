package io.mediaopt;

import org.slf4j.Logger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Deleting a work directory with everything in it, the one way every feature does it. */
public final class DirectoryTrees {
    private DirectoryTrees() {}

    /**
     * Deletes {@code dir} and all it holds, deepest first; a tree that is not there is already
     * deleted. A path that cannot be deleted does not stop the others: the first failure is thrown
     * once every path was tried, the later ones suppressed in it. The caller chooses what a tree
     * left behind deserves (a log line, or nothing).
     */
    public static void delete(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) return;
        IOException failed = null;
        for (Path path : deepestFirst(dir)) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                if (failed == null) failed = e;
                else failed.addSuppressed(e);
            }
        }
        if (failed != null) throw failed;
    }

    /** Deletes {@code dir} as {@link #delete} does; a tree left behind is a warning in {@code log}. */
    public static void deleteOrWarn(Path dir, Logger log) {
        try {
            delete(dir);
        } catch (IOException e) {
            log.warn("could not delete {}", dir, e);
        }
    }

    private static List<Path> deepestFirst(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            return paths.sorted(Comparator.reverseOrder()).toList();
        } catch (NoSuchFileException gone) {
            // deleted meanwhile, by whoever else cleans up
            return List.of();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
