package io.mediaopt.image;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The files an image's encodings leave in its work directory: measured, and removed when not kept. */
final class WorkFiles {
    private static final Logger log = LoggerFactory.getLogger(WorkFiles.class);

    private WorkFiles() {}

    static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes the file if it is there; a failure is logged, as a file left behind harms no result. */
    static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            log.warn("could not delete {}", file, e);
        }
    }
}
