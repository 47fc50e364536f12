package io.mediaopt.image;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Real photographs for the perceptual-quality tests: scikit-image's sample data, unpacked from
 * the Debian package python3-skimage by scripts/test-prerequisites.sh into MEDIAOPT_TEST_PHOTOS
 * (chelsea: a cat, CC0; coffee: a cup, CC0; astronaut and rocket: NASA and SpaceX, public
 * domain; motorcycle_left: the Middlebury stereo set).
 */
final class TestPhotos {
    private TestPhotos() {}

    /** One libvips for the perceptual tests, started on first use. */
    static Vips vips() {
        return VipsHolder.VIPS;
    }

    private static final class VipsHolder {
        static final Vips VIPS = TestVips.open();
    }

    static Path photo(String name) {
        String configured = System.getenv("MEDIAOPT_TEST_PHOTOS");
        Path dir = configured != null ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".cache", "mediaopt", "test-photos");
        Path photo = dir.resolve(name);
        if (!Files.isRegularFile(photo)) {
            throw new IllegalStateException("test photograph " + photo + " is missing: run ./test.sh "
                    + "(scripts/test-prerequisites.sh unpacks them from the Debian package python3-skimage)");
        }
        return photo;
    }
}
