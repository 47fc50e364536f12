package io.mediaopt.imageurl;

import io.mediaopt.media.Presets;

/**
 * The quality each format is saved at. A number in the URL ({@code q:70}) is taken as it is, for
 * every format, as imgproxy takes it. Otherwise the preset's WebP quality is the reference and
 * AVIF and JPEG get the qualities that land near the same butteraugli distance:
 * AVIF 20 lower, JPEG 4 higher. Measured with bench/image-url-qualities.sh on six photos at 640 px
 * against WebP q80 (docs/api-image-urls.md#images-by-url): AVIF q60 within 0.03 of WebP's distance or
 * better on all six at 0.38–0.80x its bytes, JPEG q84 better on all six at 1.40–1.63x.
 */
final class FormatQualities {
    static final int AVIF_BELOW_WEBP = 20;
    static final int JPEG_ABOVE_WEBP = 4;

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
