package io.mediaopt.quality;

/**
 * Linear sRGB to the XYB colour space of JPEG XL (its opsin absorbance matrix, bias and cube
 * root), then shifted and scaled into about 0..1 with B taken relative to Y, as SSIMULACRA 2
 * compares it.
 */
final class Xyb {
    static final float M00 = 0.30f, M02 = 0.078f, M01 = 1.0f - M02 - M00;
    static final float M10 = 0.23f, M12 = 0.078f, M11 = 1.0f - M12 - M10;
    static final float M20 = 0.24342268924547819f, M21 = 0.20476744424496821f, M22 = 1.0f - M20 - M21;
    static final float BIAS = 0.0037930732552754493f;
    private static final float CBRT_BIAS = (float) Math.cbrt(BIAS);

    private Xyb() {}

    /** Overwrites the picture's planes r, g, b with X, Y, B. */
    static void convert(LinearRgb rgb) {
        convert(rgb.r(), rgb.g(), rgb.b(), 0, rgb.r().length);
    }

    /** Overwrites values {@code from} to {@code to} of the planes r, g, b with X, Y, B. */
    static void convert(float[] r, float[] g, float[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            float red = r[i], green = g[i], blue = b[i];
            float l = cbrt(M00 * red + M01 * green + M02 * blue + BIAS) - CBRT_BIAS;
            float m = cbrt(M10 * red + M11 * green + M12 * blue + BIAS) - CBRT_BIAS;
            float s = cbrt(M20 * red + M21 * green + M22 * blue + BIAS) - CBRT_BIAS;
            float y = 0.5f * (l + m);
            r[i] = 7f * (l - m) + 0.42f; // X = (l - m) / 2, times 14
            g[i] = y + 0.01f;
            b[i] = (s - y) + 0.55f;
        }
    }

    /**
     * Cube root to float precision (a negative value counts as 0): a first guess from the
     * exponent bits, good to a few per cent, then two of Halley's steps, each cubing the error.
     * Math.cbrt is exact but slower, and this runs three times a pixel.
     */
    static float cbrt(float v) {
        if (v <= 0f) return 0f;
        // a third of the bits (in float, as vector code can do it too) plus 2/3 of the exponent bias, tuned
        int third = (int) ((float) Float.floatToRawIntBits(v) * (1f / 3));
        float y = Float.intBitsToFloat(0x2a5137a0 + third);
        float cube = y * y * y;
        y = y * (cube + v + v) / (cube + cube + v);
        cube = y * y * y;
        return y * (cube + v + v) / (cube + cube + v);
    }
}
