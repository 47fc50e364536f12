package io.mediaopt.image;

import io.mediaopt.image.vips.SrgbPixels;

/**
 * How much of a picture halved colour ({@link io.mediaopt.image.vips.Chroma#HALVED}) would fringe:
 * the share of pixels whose luma moves by more than {@link #VISIBLE} code values when each 2x2
 * block's colour (Cb and Cr of BT.601, as the encoders convert) is replaced by its mean, before any
 * compression. Where two saturated colours meet, the mean colour on each side of the edge comes
 * back out of range and is clipped, and since such colours differ in lightness, the edge darkens
 * or lightens: the fringe WebP and AVIF leave along a red ribbon on blue (docs/quality.md). A
 * 2x2 block whose Cb and Cr each span at most {@link #SPAN_SKIPPED} levels cannot move any pixel's
 * luma that far and is passed over, which most blocks of most pictures are.
 */
final class ColourFringes {
    /** A luma shift of more than this many code values is counted: a step an edge visibly gains. */
    static final double VISIBLE = 8;
    /** Cb and Cr spans (in 1/256 levels) up to which no pixel of a block can move 8 levels in luma. */
    private static final int SPAN_SKIPPED = 6 * 256;

    private ColourFringes() {}

    /** How many pixels fringe, in the 2x2 blocks from the top left (an odd last row or column is left out). */
    static long count(SrgbPixels pixels) {
        int w = pixels.width(), h = pixels.height(), bands = pixels.bands();
        if (bands < 3 || w < 2 || h < 2) return 0;
        byte[] bytes = pixels.bytes();
        int[] r = new int[4], g = new int[4], b = new int[4];
        long fringed = 0;
        for (int y = 0; y + 1 < h; y += 2) {
            for (int x = 0; x + 1 < w; x += 2) {
                int minCb = Integer.MAX_VALUE, maxCb = Integer.MIN_VALUE;
                int minCr = Integer.MAX_VALUE, maxCr = Integer.MIN_VALUE;
                for (int p = 0; p < 4; p++) {
                    int i = ((y + (p >> 1)) * w + x + (p & 1)) * bands;
                    r[p] = bytes[i] & 0xff;
                    g[p] = bytes[i + 1] & 0xff;
                    b[p] = bytes[i + 2] & 0xff;
                    // BT.601 in 1/256 levels
                    int cb = -43 * r[p] - 85 * g[p] + 128 * b[p];
                    int cr = 128 * r[p] - 107 * g[p] - 21 * b[p];
                    minCb = Math.min(minCb, cb);
                    maxCb = Math.max(maxCb, cb);
                    minCr = Math.min(minCr, cr);
                    maxCr = Math.max(maxCr, cr);
                }
                if (maxCb - minCb <= SPAN_SKIPPED && maxCr - minCr <= SPAN_SKIPPED) continue;
                fringed += fringedInBlock(r, g, b);
            }
        }
        return fringed;
    }

    /** How many of a 2x2 block's pixels move more than {@link #VISIBLE} in luma with the block's mean colour. */
    private static int fringedInBlock(int[] r, int[] g, int[] b) {
        double[] y = new double[4];
        double meanCb = 0, meanCr = 0;
        for (int p = 0; p < 4; p++) {
            y[p] = 0.299 * r[p] + 0.587 * g[p] + 0.114 * b[p];
            meanCb += (-0.168736 * r[p] - 0.331264 * g[p] + 0.5 * b[p]) / 4;
            meanCr += (0.5 * r[p] - 0.418688 * g[p] - 0.081312 * b[p]) / 4;
        }
        int count = 0;
        for (int p = 0; p < 4; p++) {
            double r2 = clip(y[p] + 1.402 * meanCr);
            double g2 = clip(y[p] - 0.344136 * meanCb - 0.714136 * meanCr);
            double b2 = clip(y[p] + 1.772 * meanCb);
            double shift = 0.2126 * (r2 - r[p]) + 0.7152 * (g2 - g[p]) + 0.0722 * (b2 - b[p]);
            if (Math.abs(shift) > VISIBLE) count++;
        }
        return count;
    }

    private static double clip(double v) {
        return Math.clamp(v, 0, 255);
    }
}
