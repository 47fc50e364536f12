package io.mediaopt.placeholders;

/**
 * The BlurHash encoder (https://blurha.sh, the reference TypeScript and C encoders): the
 * picture's colours in linear light projected on {@code x} by {@code y} cosine components,
 * the first (the mean colour) in sRGB and the rest against their largest magnitude, in base 83.
 * Arithmetic follows the reference step by step, with {@link StrictMath} (fdlibm, as V8 uses),
 * so the same pixels give the same string as the npm {@code blurhash} package.
 * <p>
 * Written here rather than taken from {@code io.trbl:blurhash}, the one Java encoder on Maven
 * Central: one release, in 2019, none since; the algorithm is this one page.
 */
public final class BlurHash {
    private static final String DIGITS =
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~";
    /** sRGB code value to linear light, computed as the reference does for each pixel. */
    private static final double[] LINEAR = new double[256];

    static {
        for (int v = 0; v < 256; v++) {
            double c = v / 255.0;
            LINEAR[v] = c <= 0.04045 ? c / 12.92 : StrictMath.pow((c + 0.055) / 1.055, 2.4);
        }
    }

    private BlurHash() {}

    /**
     * The hash of {@code width} x {@code height} interleaved 8-bit sRGB pixels of {@code bands}
     * bands (the first three are read: red, green, blue), with 1 to 9 components each way.
     */
    public static String encode(byte[] pixels, int width, int height, int bands, int componentsX, int componentsY) {
        if (componentsX < 1 || componentsX > 9 || componentsY < 1 || componentsY > 9) {
            throw new IllegalArgumentException("Expected 1 to 9 components each way but received "
                    + componentsX + "x" + componentsY);
        }
        if (bands < 3 || pixels.length < (long) width * height * bands || width < 1 || height < 1) {
            throw new IllegalArgumentException("Expected " + width + "x" + height + " pixels of 3 or more bands but received "
                    + pixels.length + " bytes of " + bands);
        }
        double[][] factors = new double[componentsX * componentsY][];
        for (int y = 0; y < componentsY; y++) {
            for (int x = 0; x < componentsX; x++) {
                factors[y * componentsX + x] = factor(pixels, width, height, bands, x, y);
            }
        }
        StringBuilder hash = new StringBuilder();
        base83(hash, (componentsX - 1) + (componentsY - 1) * 9, 1);
        double maximum = 1;
        if (factors.length > 1) {
            // the largest magnitude, as the C reference takes it; the npm encoder takes the largest
            // signed value, which clips a strong negative component (a dark band on the right)
            double actualMax = 0;
            for (int i = 1; i < factors.length; i++) {
                for (double c : factors[i]) actualMax = Math.max(actualMax, Math.abs(c));
            }
            int quantisedMax = (int) Math.floor(Math.max(0, Math.min(82, Math.floor(actualMax * 166 - 0.5))));
            maximum = (quantisedMax + 1) / 166.0;
            base83(hash, quantisedMax, 1);
        } else {
            base83(hash, 0, 1);
        }
        double[] dc = factors[0];
        base83(hash, (srgb(dc[0]) << 16) + (srgb(dc[1]) << 8) + srgb(dc[2]), 4);
        for (int i = 1; i < factors.length; i++) base83(hash, ac(factors[i], maximum), 2);
        return hash.toString();
    }

    /** One component: the pixels in linear light weighed by its cosines, summed, as the reference orders it. */
    private static double[] factor(byte[] pixels, int width, int height, int bands, int cx, int cy) {
        double normalisation = cx == 0 && cy == 0 ? 1 : 2;
        double[] cosX = new double[width];
        for (int i = 0; i < width; i++) cosX[i] = StrictMath.cos(Math.PI * cx * i / width);
        double[] cosY = new double[height];
        for (int j = 0; j < height; j++) cosY[j] = StrictMath.cos(Math.PI * cy * j / height);
        double r = 0, g = 0, b = 0;
        for (int i = 0; i < width; i++) {
            for (int j = 0; j < height; j++) {
                double basis = normalisation * cosX[i] * cosY[j];
                int at = (j * width + i) * bands;
                r += basis * LINEAR[pixels[at] & 0xff];
                g += basis * LINEAR[pixels[at + 1] & 0xff];
                b += basis * LINEAR[pixels[at + 2] & 0xff];
            }
        }
        double scale = 1.0 / (width * height);
        return new double[] {r * scale, g * scale, b * scale};
    }

    private static int ac(double[] c, double maximum) {
        return quantised(c[0], maximum) * 19 * 19 + quantised(c[1], maximum) * 19 + quantised(c[2], maximum);
    }

    private static int quantised(double value, double maximum) {
        double v = value / maximum;
        double signedRoot = Math.signum(v) * StrictMath.pow(Math.abs(v), 0.5);
        return (int) Math.floor(Math.max(0, Math.min(18, Math.floor(signedRoot * 9 + 9.5))));
    }

    /** Linear light back to an sRGB code value, rounded as the reference rounds it. */
    private static int srgb(double linear) {
        double v = Math.max(0, Math.min(1, linear));
        if (v <= 0.0031308) return (int) (v * 12.92 * 255 + 0.5);
        return (int) ((1.055 * StrictMath.pow(v, 1 / 2.4) - 0.055) * 255 + 0.5);
    }

    private static void base83(StringBuilder out, int value, int length) {
        for (int i = 1; i <= length; i++) {
            int divisor = 1;
            for (int k = 0; k < length - i; k++) divisor *= 83;
            out.append(DIGITS.charAt(value / divisor % 83));
        }
    }
}
