package io.mediaopt.quality;

/**
 * Linear sRGB to the XYB colour space of JPEG XL (its opsin absorbance matrix, bias and cube
 * root), then shifted and scaled into about 0..1 with B taken relative to Y, as SSIMULACRA 2
 * compares it.
 */
final class Xyb {
    private static final float M00 = 0.30f, M02 = 0.078f, M01 = 1.0f - M02 - M00;
    private static final float M10 = 0.23f, M12 = 0.078f, M11 = 1.0f - M12 - M10;
    private static final float M20 = 0.24342268924547819f, M21 = 0.20476744424496821f, M22 = 1.0f - M20 - M21;
    private static final float BIAS = 0.0037930732552754493f;
    private static final float CBRT_BIAS = (float) Math.cbrt(BIAS);

    private Xyb() {}

    /** Overwrites the picture's planes r, g, b with X, Y, B. */
    static void convert(LinearRgb rgb) {
        float[] r = rgb.r(), g = rgb.g(), b = rgb.b();
        for (int i = 0; i < r.length; i++) {
            float l = cbrt(Math.max(M00 * r[i] + M01 * g[i] + M02 * b[i] + BIAS, 0f)) - CBRT_BIAS;
            float m = cbrt(Math.max(M10 * r[i] + M11 * g[i] + M12 * b[i] + BIAS, 0f)) - CBRT_BIAS;
            float s = cbrt(Math.max(M20 * r[i] + M21 * g[i] + M22 * b[i] + BIAS, 0f)) - CBRT_BIAS;
            float x = 0.5f * (l - m);
            float y = 0.5f * (l + m);
            r[i] = x * 14f + 0.42f;
            g[i] = y + 0.01f;
            b[i] = (s - y) + 0.55f;
        }
    }

    /**
     * Cube root to float precision: a first guess from the exponent bits, then Newton steps.
     * Math.cbrt is exact but several times slower, and this runs three times a pixel.
     */
    static float cbrt(float v) {
        if (v <= 0f) return 0f;
        // Newton's method for v^(-1/3) needs no division; v * y * y is then the cube root
        float y = Float.intBitsToFloat(0x548c2b4b - Float.floatToRawIntBits(v) / 3);
        float third = v * (1f / 3f);
        y = y * (4f / 3f - third * y * y * y);
        y = y * (4f / 3f - third * y * y * y);
        y = y * (4f / 3f - third * y * y * y);
        y = y * (4f / 3f - third * y * y * y);
        return v * y * y;
    }
}
