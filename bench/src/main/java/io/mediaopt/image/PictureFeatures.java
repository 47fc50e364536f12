package io.mediaopt.image;

import io.mediaopt.image.vips.SrgbPixels;

/**
 * Cheap measures of a picture that tell how hard it is to compress, for a measurement: whether
 * they predict the quality worth a file's bytes (bench/judged-headroom.sh, through
 * {@link FeatureTable}; they do not). One pass over the sRGB pixels the encoders get, every
 * second row and column for the differences.
 *
 * @param meanLuma   mean luma, 0 to 1
 * @param darkShare  share of 8x8 blocks darker than {@link PictureTraits#DARK_LUMA}
 * @param flatShare  share of 8x8 blocks spanning at most {@link PictureTraits#FLAT_SPAN} luma values
 * @param chroma     mean largest difference between two of R, G and B, 0 to 1
 * @param gradient   log(1 + mean absolute luma step to the right and below neighbour)
 * @param detail     log(1 + mean absolute second difference of luma): fine texture and noise
 * @param chromaEdge log(1 + mean absolute step of R − G and B − G to the right neighbour)
 * @param logPixels  log2 of the pixel count
 */
record PictureFeatures(double meanLuma, double darkShare, double flatShare, double chroma, double gradient,
                       double detail, double chromaEdge, double logPixels) {
    /** The names the model's coefficients go by, in the order of {@link #values()}. */
    static final String[] NAMES = {"meanLuma", "darkShare", "flatShare", "chroma", "gradient", "detail",
            "chromaEdge", "logPixels"};

    double[] values() {
        return new double[] {meanLuma, darkShare, flatShare, chroma, gradient, detail, chromaEdge, logPixels};
    }

    static PictureFeatures of(SrgbPixels pixels, PictureTraits traits) {
        int w = pixels.width(), h = pixels.height(), bands = pixels.bands();
        byte[] bytes = pixels.bytes();
        boolean colour = bands >= 3;
        long gradientSum = 0, detailSum = 0, chromaEdgeSum = 0, samples = 0;
        for (int y = 1; y + 1 < h; y += 2) {
            int row = y * w * bands;
            for (int x = 1; x + 1 < w; x += 2) {
                int i = row + x * bands;
                int luma = luma(bytes, i, colour);
                int right = luma(bytes, i + bands, colour);
                int left = luma(bytes, i - bands, colour);
                int below = luma(bytes, i + w * bands, colour);
                int above = luma(bytes, i - w * bands, colour);
                gradientSum += Math.abs(right - luma) + Math.abs(below - luma);
                detailSum += Math.abs(left + right - 2 * luma) + Math.abs(above + below - 2 * luma);
                if (colour) {
                    int rg = (bytes[i] & 0xff) - (bytes[i + 1] & 0xff);
                    int bg = (bytes[i + 2] & 0xff) - (bytes[i + 1] & 0xff);
                    int j = i + bands;
                    int rgRight = (bytes[j] & 0xff) - (bytes[j + 1] & 0xff);
                    int bgRight = (bytes[j + 2] & 0xff) - (bytes[j + 1] & 0xff);
                    chromaEdgeSum += Math.abs(rgRight - rg) + Math.abs(bgRight - bg);
                }
                samples++;
            }
        }
        double n = Math.max(1, samples);
        // luma in 1/256 steps: the sums are of 256 times the code values
        return new PictureFeatures(traits.meanLuma() / 255, traits.darkShare(), traits.flatShare(),
                chroma(pixels) / 255, Math.log1p(gradientSum / n / 256), Math.log1p(detailSum / n / 256),
                Math.log1p(chromaEdgeSum / n), Math.log((double) w * h) / Math.log(2));
    }

    /**
     * Mean over the pixels of whole 8x8 blocks (as {@link PictureTraits} counts them) of the largest
     * difference between two of R, G and B.
     */
    private static double chroma(SrgbPixels pixels) {
        if (pixels.bands() < 3) return 0;
        int w = pixels.width() / PictureTraits.BLOCK * PictureTraits.BLOCK;
        int h = pixels.height() / PictureTraits.BLOCK * PictureTraits.BLOCK;
        if (w == 0 || h == 0) return 0;
        byte[] bytes = pixels.bytes();
        double sum = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0, i = y * pixels.width() * pixels.bands(); x < w; x++, i += pixels.bands()) {
                int r = bytes[i] & 0xff, g = bytes[i + 1] & 0xff, b = bytes[i + 2] & 0xff;
                sum += Math.max(Math.abs(r - g), Math.max(Math.abs(g - b), Math.abs(r - b)));
            }
        }
        return sum / ((double) w * h);
    }

    /** Rec. 709 luma times 256, in integers. */
    private static int luma(byte[] bytes, int i, boolean colour) {
        int r = bytes[i] & 0xff;
        if (!colour) return r << 8;
        return 54 * r + 183 * (bytes[i + 1] & 0xff) + 19 * (bytes[i + 2] & 0xff);
    }
}
