package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.quality.Ssimulacra2;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The search of a picture too large to be searched directly: predicted on a shrunk proxy,
 * checked and corrected by full-size encodes. Two real photographs side by side make it large.
 */
class QualityFinderTest {
    private static final int MIN = 30;
    private static final int MAX = 95;
    private final Vips vips = TestPhotos.vips();

    @TempDir
    Path dir;

    @Test
    void aLargePictureLandsJustAboveTheTargetNotFarAboveIt() {
        for (double target : new double[]{60, 70, 80}) {
            try (VipsImage astronaut = vips.thumbnail(TestPhotos.photo("astronaut.png"), false, 512, 512, false);
                 VipsImage motorcycle = vips.thumbnail(TestPhotos.photo("motorcycle_left.png"), false, 512, 512,
                         false);
                 VipsImage joined = vips.arrayjoin(List.of(astronaut, motorcycle, astronaut), 3);
                 VipsImage picture = vips.copyMemory(joined)) {
                assertThat((long) picture.width() * picture.height()).isGreaterThan(QualityFinder.DIRECT_PIXELS);
                Path output = dir.resolve("out-" + (int) target + ".webp");
                QualityFinder.Found found = new QualityFinder(vips, (in, file, q) -> vips.save().webp(in, file, q, 4),
                        () -> {}).find(picture, output, MIN, MAX, 80, target);

                double measured = score(picture, output);
                assertThat(found.score()).as("target %s", target).isCloseTo(measured, within(0.01));
                assertThat(measured).as("target %s at Q %s", target, found.quality()).isGreaterThanOrEqualTo(target);
                // a quality far above what the target needs is bytes thrown away
                if (found.quality() > MIN) assertThat(measured).as("target %s", target).isLessThan(target + 5);
            }
        }
    }

    private double score(VipsImage picture, Path output) {
        try (VipsImage decoded = vips.open(output)) {
            return Ssimulacra2.score(vips.measure().srgbPixels(picture).linear(), vips.measure().srgbPixels(decoded).linear());
        }
    }
}
