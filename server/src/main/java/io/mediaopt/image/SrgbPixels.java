package io.mediaopt.image;

import io.mediaopt.quality.LinearRgb;

/** Interleaved 8-bit sRGB pixels, 3 bands or 4 with alpha, as libvips wrote them to memory. */
record SrgbPixels(byte[] bytes, int width, int height, int bands) {
    LinearRgb linear() {
        return LinearRgb.fromSrgb8(bytes, width, height, bands);
    }
}
