package io.mediaopt.http;

import io.mediaopt.media.Preset;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A received upload: the media file on disk (owned by this upload until consumed), the safe
 * version of the client's file name, and the chosen preset.
 */
public record Upload(Path file, String filename, long size, Preset preset) implements AutoCloseable {

    /** Removes the file if nothing consumed it; every request path ends here. */
    @Override
    public void close() throws IOException {
        Files.deleteIfExists(file);
    }
}
