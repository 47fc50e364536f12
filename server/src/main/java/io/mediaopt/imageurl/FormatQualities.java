package io.mediaopt.imageurl;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Presets;

/**
 * The quality each format is saved at. A number in the URL ({@code q:70}) is taken as it is, for
 * every format, as imgproxy takes it. Otherwise each format gets its preset's quality, the one its
 * responsive sets are encoded at too: AVIF and JPEG set to match the preset's WebP by butteraugli
 * and by SSIMULACRA 2 (the measurement is in docs/quality.md, "Images by URL: format
 * qualities").
 */
final class FormatQualities {
    private final Presets presets;

    FormatQualities(Presets presets) {
        this.presets = presets;
    }

    /** The quality of {@code format} for these options; 0 for PNG, which is lossless. */
    int of(ImageOptions options, UrlFormat format) {
        if (options.quality() > 0) return options.quality();
        ImageSettings image = presets.find(options.preset()).orElseThrow().image();
        return switch (format) {
            case WEBP -> image.webpQuality();
            case AVIF -> image.avifQuality();
            case JPEG, BEST -> image.jpegQuality();
            case PNG -> 0;
        };
    }
}
