package io.mediaopt.imageurl;

import io.mediaopt.media.Presets;

/**
 * The quality each format is saved at. A number in the URL ({@code q:70}) is taken as it is, for
 * every format, as imgproxy takes it. Otherwise the preset's WebP quality is the reference and
 * AVIF and JPEG get the qualities that land near the same butteraugli distance:
 * AVIF lower (its scale reaches a given distance at a lower number), JPEG higher.
 * The offsets are a starting table, not yet measured on the judged corpus (docs/api.md).
 */
final class FormatQualities {
    static final int AVIF_BELOW_WEBP = 18;
    static final int JPEG_ABOVE_WEBP = 8;

    private final Presets presets;

    FormatQualities(Presets presets) {
        this.presets = presets;
    }

    /** The quality of {@code format} for these options; 0 for PNG, which is lossless. */
    int of(ImageOptions options, UrlFormat format) {
        if (options.quality() > 0) return options.quality();
        int webp = presets.find(options.preset()).orElseThrow().image().webpQuality();
        return switch (format) {
            case WEBP -> webp;
            case AVIF -> Math.clamp(webp - AVIF_BELOW_WEBP, 20, 90);
            case JPEG, BEST -> Math.clamp(webp + JPEG_ABOVE_WEBP, 30, 95);
            case PNG -> 0;
        };
    }
}
