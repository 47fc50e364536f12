package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The libvips the tests exercise: the one in SERVICE_LIBVIPS_PATH when set (test.sh sets it as
 * run.sh does), so that the tests prove the library the server runs on; the system's otherwise.
 */
public final class TestVips {
    private TestVips() {}

    public static Vips open() {
        return Vips.open(library(), 2);
    }

    public static Optional<Path> library() {
        String configured = System.getenv("SERVICE_LIBVIPS_PATH");
        return configured == null || configured.isBlank() ? Optional.empty() : Optional.of(Path.of(configured));
    }
}
