package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.image.vips.Watchdog;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.quality.Ssimulacra2;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Scores any output of a still image the way the quality search does: SSIMULACRA 2 against the
 * input as the service resizes it for the preset. For measuring outputs the service did not
 * score itself (the fixed quality, another tool's file).
 */
public final class ImageScorer {
    private static final Duration LIMIT = Duration.ofMinutes(2);

    private final Vips vips;

    public ImageScorer(Vips vips) {
        this.vips = vips;
    }

    /** {@code scratch} is a file name the resized input may be written to (and is removed from). */
    public double score(Path input, ImageSettings settings, Path output, Path scratch) {
        Vips vips = this.vips.forFile(input);
        try {
            saveReference(input, settings, scratch);
            try (VipsImage reference = vips.open(scratch); VipsImage distorted = vips.open(output)) {
                return Ssimulacra2.score(vips.measure().srgbPixels(reference).linear(), vips.measure().srgbPixels(distorted).linear());
            }
        } finally {
            WorkFiles.delete(scratch);
        }
    }

    /** The input as the service resizes it for {@code settings}, saved losslessly to {@code reference}. */
    void saveReference(Path input, ImageSettings settings, Path reference) {
        Vips vips = this.vips.forFile(input);
        ImageHeader header;
        try (VipsImage image = vips.openHeader(input)) {
            header = ImageHeader.read(image).orElseThrow(() -> new IllegalArgumentException("not an image: " + input));
        }
        try (Watchdog watchdog = Watchdog.start(LIMIT)) {
            new ImageEncoder(vips, input, header, settings, watchdog, QualityMode.FIXED).saveReference(reference);
        }
    }
}
