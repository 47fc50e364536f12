package io.mediaopt.image.vips;

import java.util.Locale;

/**
 * The metric libaom tunes an AVIF for (heifsave's {@code tune}, libvips 8.18 and later). Unset,
 * libheif 1.22 and later choose it: {@code iq} (libaom's still-image tuning, 3.13 and later) for a
 * colour picture, {@code ssim} where that is missing.
 */
public enum AvifTune {
    /** Left to libheif, as the renderer saves. */
    AUTO,
    IQ,
    SSIM,
    PSNR;

    String parameter() {
        return name().toLowerCase(Locale.ROOT);
    }
}
