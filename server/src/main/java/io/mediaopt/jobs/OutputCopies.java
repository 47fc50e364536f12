package io.mediaopt.jobs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A second name for an output file, so that storing it (which consumes the file) leaves the other. */
final class OutputCopies {
    private OutputCopies() {}

    /** A hard link at {@code target}, or a copy where the two paths are on different file systems; returns target. */
    static Path make(Path source, Path target) throws IOException {
        try {
            return Files.createLink(target, source);
        } catch (IOException | UnsupportedOperationException linkRefused) {
            return Files.copy(source, target);
        }
    }
}
