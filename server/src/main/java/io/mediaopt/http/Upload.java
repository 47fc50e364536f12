package io.mediaopt.http;

import io.mediaopt.media.OutputOptions;
import io.mediaopt.media.Preset;
import io.mediaopt.renditions.RenditionRequest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A received upload: the media file on disk (owned by this upload until consumed), the safe
 * version of the client's file name, the chosen preset, and the callback URL as sent (null when
 * none was, not yet checked), the renditions asked for, and the options of the output.
 */
public record Upload(Path file, String filename, long size, Preset preset, String callbackUrl,
                     RenditionRequest renditions, OutputOptions options)
        implements AutoCloseable {

    /** Removes the file if nothing consumed it; every request path ends here. */
    @Override
    public void close() throws IOException {
        Files.deleteIfExists(file);
    }
}
