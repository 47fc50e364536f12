package io.mediaopt.media;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether anything follows the end of the media in a file. Decoders stop at that end and never
 * look further, so whatever follows never reaches an encoding. A file with anything after its
 * media must never be served back as it is, even bytes accepted at upload (a camera's preview
 * image or trailer): the never-bigger rule only returns an input when this finds nothing after
 * its end. A format whose end cannot be found counts as having trailing data.
 */
public final class TrailingData {
    private TrailingData() {}

    /** True when the file of this format ends with its media. */
    public static boolean isAbsent(Path file, MediaFormat format) {
        try {
            long size = Files.size(file);
            return MediaEnd.of(file, format).orElse(-1) == size;
        } catch (IOException e) {
            return false;
        }
    }
}
