package io.mediaopt.image;

import io.mediaopt.Integration;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real pictures whose compression damage SSIMULACRA 2 passes and people see: quality per file
 * must leave each no worse than the fixed setting by a second judge, Debian's butteraugli (max
 * distance against the picture as the preset fits it). From the quality corpus: a misty treeline
 * at dusk (dark), a lake at dusk under a smooth pink gradient, a black-and-white facade of fine
 * seams, and a photographed sign of white text on saturated red. A search for the lowest quality
 * meeting the target took them to WebP 49, 63, 30 and 67 against the fixed 80, all scoring 70 or
 * more in SSIMULACRA 2, with butteraugli distances of 5.19, 3.94, 5.31 and 3.26 against 3.53,
 * 3.05, 2.61 and 2.37. And a dark picture that WebP 80 leaves under the target (a black
 * notebook's grained cover), which quality per file raises: its output must be no worse either.
 * And a red ribbon on blue, whose edges halved colour fringes at every quality (butteraugli 8.7 at
 * WebP 80, 8.4 at 95) where SSIMULACRA 2 sees next to nothing: quality per file keeps its colour.
 */
@Integration
class MisjudgedContentTest {
    private static final Limits LIMITS = new Limits(200_000_000L, 100_000_000L, 1000, 1800,
            Duration.ofSeconds(60), Duration.ofSeconds(60), Duration.ofSeconds(60));
    private final Vips vips = TestPhotos.vips();

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"dark-darkesthour.jpg", "fog-summer-1am.jpg", "greyscale-grey.jpg", "text-scenetext01.jpg",
            "dark-ela-original.jpg", "fog-2004default.jpg"})
    void qualityPerFileLeavesNoWorseThanTheFixedSettingByButteraugli(String name) throws Exception {
        Preset web = Presets.standard().find("web").orElseThrow();
        Path input = TestPhotos.corpusFile(name);
        Path fixed = optimized(QualityMode.FIXED, web, input, "fixed");
        Path auto = optimized(QualityMode.AUTO, web, input, "auto");
        // the same file is judged the same: butteraugli (seconds per picture) only for a different one
        if (Files.mismatch(fixed, auto) == -1) return;
        Path reference = dir.resolve("reference.png");
        new ImageScorer(vips).saveReference(input, web.image(), reference);
        double fixedDistance = butteraugli(reference, png(fixed));
        assertThat(butteraugli(reference, png(auto)))
                .as("butteraugli of quality per file's output against the fixed setting's %.3f", fixedDistance)
                .isLessThanOrEqualTo(fixedDistance);
    }

    private Path optimized(QualityMode mode, Preset preset, Path input, String name) throws Exception {
        Path work = Files.createDirectories(dir.resolve(name));
        return new ImageOptimizer(vips, LIMITS, mode).optimize(input, MediaFormat.JPEG, preset, work).output();
    }

    private Path png(Path output) {
        Path png = output.resolveSibling(output.getFileName() + ".png");
        try (VipsImage image = vips.open(output)) {
            vips.save().png(image, png);
        }
        return png;
    }

    private static double butteraugli(Path reference, Path distorted) throws Exception {
        return Butteraugli.distance(reference, distorted);
    }
}
