package io.mediaopt.client;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/** The local files a client sends and receives: their names, bodies and sizes, with clear failures. */
final class LocalFiles {
    private LocalFiles() {}

    static String filenameOf(Path file) {
        Objects.requireNonNull(file, "file");
        Path name = file.getFileName();
        if (name == null) {
            throw new IllegalArgumentException("Expected a path to a file but received " + file);
        }
        return name.toString();
    }

    /** Streams the file as the request is written instead of reading it into memory first. */
    static BodyPublisher publisherOf(Path file) {
        try {
            return BodyPublishers.ofFile(file);
        } catch (FileNotFoundException e) {
            throw new MediaoptIOException("Could not read " + file + ": " + e.getMessage(), e);
        }
    }

    static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new MediaoptIOException("Could not read the size of " + file + ": " + e.getMessage(), e);
        }
    }
}
