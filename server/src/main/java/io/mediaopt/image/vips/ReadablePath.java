package io.mediaopt.image.vips;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A name libvips reads as the file itself. libvips takes a trailing {@code [...]} of a file name
 * as load options (and parses it twice), so a file named like {@code photo[1]} cannot be opened
 * by its own name; it is read through a plainly named link in the work directory instead.
 */
public record ReadablePath(Path path, boolean linked) implements AutoCloseable {

    public static ReadablePath of(Path input, Path workDir) {
        if (!input.getFileName().toString().strip().endsWith("]")) return new ReadablePath(input, false);
        Path link = workDir.resolve("input");
        try {
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, input.toAbsolutePath());
        } catch (IOException | UnsupportedOperationException e) {
            copy(input, link);
        }
        return new ReadablePath(link, true);
    }

    private static void copy(Path input, Path link) {
        try {
            Files.copy(input, link);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (!linked) return;
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
