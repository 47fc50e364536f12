package io.mediaopt.image.vips;

import io.mediaopt.quality.LinearRgb;

/** Interleaved 8-bit sRGB pixels, 3 bands or 4 with alpha, as libvips wrote them to memory. */
public record SrgbPixels(byte[] bytes, int width, int height, int bands) {
    public LinearRgb linear() {
        return LinearRgb.fromSrgb8(bytes, width, height, bands);
    }
}
