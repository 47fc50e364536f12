package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;

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
        return cached("MEDIAOPT_TEST_PHOTOS", "test-photos", name,
                "run ./test.sh (scripts/test-prerequisites.sh unpacks them from the Debian package python3-skimage)");
    }

    /**
     * A file of the quality corpus (bench/corpus/manifest.tsv), fetched by bench/corpus-fetch.sh
     * into MEDIAOPT_CORPUS; scripts/test-prerequisites.sh fetches the ones tests use.
     */
    static Path corpusFile(String name) {
        return cached("MEDIAOPT_CORPUS", "quality-corpus", name, "run bench/corpus-fetch.sh " + name);
    }

    private static Path cached(String variable, String cacheDir, String name, String hint) {
        String configured = System.getenv(variable);
        Path dir = configured != null ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".cache", "mediaopt", cacheDir);
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) throw new IllegalStateException("test picture " + file + " is missing: " + hint);
        return file;
    }
}
