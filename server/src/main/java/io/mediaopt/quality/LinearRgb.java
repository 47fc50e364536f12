package io.mediaopt.quality;

/**
 * A picture as three planes of linear-light sRGB values, nominally 0 to 1: what the metric
 * works on. Build one from the 8-bit sRGB pixels libvips writes with {@link #fromSrgb8}.
 */
public record LinearRgb(int width, int height, float[] r, float[] g, float[] b) {
    /** Background a transparent pixel is seen against, in encoded sRGB (as SSIMULACRA 2 does). */
    private static final float ALPHA_BACKGROUND = 0.5f;
    private static final float[] LINEAR_OF_BYTE = new float[256];

    static {
        for (int i = 0; i < 256; i++) LINEAR_OF_BYTE[i] = (float) linear(i / 255.0);
    }

    public LinearRgb {
        int pixels = Math.multiplyExact(width, height);
        if (width <= 0 || height <= 0 || r.length != pixels || g.length != pixels || b.length != pixels) {
            throw new IllegalArgumentException("planes do not hold " + width + "x" + height + " pixels");
        }
    }

    /**
     * Reads interleaved 8-bit sRGB pixels of {@code bands} bands: 3 (RGB) or 4 (RGB and alpha,
     * blended over mid grey in encoded sRGB first, as the reference tool does).
     */
    public static LinearRgb fromSrgb8(byte[] pixels, int width, int height, int bands) {
        if (bands != 3 && bands != 4) throw new IllegalArgumentException("expected 3 or 4 bands, got " + bands);
        int count = Math.multiplyExact(width, height);
        if (pixels.length < (long) count * bands) throw new IllegalArgumentException("too few pixel bytes");
        float[] r = new float[count];
        float[] g = new float[count];
        float[] b = new float[count];
        for (int i = 0, p = 0; i < count; i++, p += bands) {
            int alpha = bands == 4 ? pixels[p + 3] & 0xff : 255;
            if (alpha == 255) {
                r[i] = LINEAR_OF_BYTE[pixels[p] & 0xff];
                g[i] = LINEAR_OF_BYTE[pixels[p + 1] & 0xff];
                b[i] = LINEAR_OF_BYTE[pixels[p + 2] & 0xff];
            } else {
                float a = alpha / 255f;
                r[i] = blend(pixels[p], a);
                g[i] = blend(pixels[p + 1], a);
                b[i] = blend(pixels[p + 2], a);
            }
        }
        return new LinearRgb(width, height, r, g, b);
    }

    private static float blend(byte encoded, float alpha) {
        return (float) linear(alpha * ((encoded & 0xff) / 255f) + (1 - alpha) * ALPHA_BACKGROUND);
    }

    /** The sRGB transfer function, encoded to linear light. */
    static double linear(double encoded) {
        return encoded <= 0.04045 ? encoded / 12.92 : Math.pow((encoded + 0.055) / 1.055, 2.4);
    }
}
