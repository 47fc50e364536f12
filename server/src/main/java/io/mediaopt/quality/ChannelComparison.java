package io.mediaopt.quality;

/**
 * The six figures SSIMULACRA 2 takes from one colour component at one scale: the mean and
 * 4-norm of the SSIM error map, of the ringing map and of the blurring map.
 *
 * <p>The Gaussian means of both pictures, their squares and their product are made a row at a
 * time: each picture row is blurred along the row into a ring buffer of a few dozen rows (the
 * five quantities interleaved), then each output row is blurred down the columns, with the
 * column recursions' state kept for every pixel of a row, and pooled at once. No blurred plane
 * is stored, so memory stays small whatever the picture's height. The arithmetic is float, in
 * the reference's order: SSIM's variances cancel in float, and a more precise computation of
 * them raises high scores by points, so precision is not changed here, only the loops' shape.
 */
final class ChannelComparison {
    private static final float C2 = 0.0009f;
    private static final int PRODUCTS = RecursiveGaussian.PRODUCTS;
    /** Column state per pixel: an output of each of three sections for each quantity. */
    private static final int STATE = 3 * PRODUCTS;

    private final RecursiveGaussian blur;
    private final int width;
    private final int ringRows;
    /** Row-blurred rows, {@link #ringRows} of them and then one of zeros for rows off the picture. */
    private final float[] ring;
    /** The column recursions' last outputs and the ones before; each row overwrites the older. */
    private float[] last, older;
    /** The five blurred quantities of the current output row, interleaved. */
    private final float[] blurred;
    private double ssim, ssim4, artifact, artifact4, lost, lost4;

    private ChannelComparison(RecursiveGaussian blur, int width) {
        this.blur = blur;
        this.width = width;
        this.ringRows = 2 * blur.radius + 2;
        this.ring = new float[(ringRows + 1) * width * PRODUCTS];
        this.last = new float[width * STATE];
        this.older = new float[width * STATE];
        this.blurred = new float[width * PRODUCTS];
    }

    /** {ssim mean, ssim 4-norm, ringing mean, ringing 4-norm, blurring mean, blurring 4-norm}. */
    static double[] compare(RecursiveGaussian blur, float[] original, float[] distorted, int width, int height) {
        return new ChannelComparison(blur, width).run(original, distorted, height);
    }

    private double[] run(float[] p1, float[] p2, int height) {
        int radius = blur.radius;
        for (int n = -radius + 1; n < height; n++) {
            int top = n - radius - 1;
            int bottom = n + radius - 1;
            if (bottom < height) blur.blurRowProducts(p1, p2, bottom * width, width, ring, slot(bottom));
            blurColumns(slot(top), bottom < height ? slot(bottom) : slot(-1));
            // rows before the first only warm the column recursions up
            if (n >= 0) pool(p1, p2, n * width);
        }
        double perPixel = 1.0 / ((double) width * height);
        return new double[]{
                perPixel * ssim, Math.sqrt(Math.sqrt(perPixel * ssim4)),
                perPixel * artifact, Math.sqrt(Math.sqrt(perPixel * artifact4)),
                perPixel * lost, Math.sqrt(Math.sqrt(perPixel * lost4))};
    }

    /** Where row {@code row}'s blurred quantities sit in the ring: the zero row if off the picture. */
    private int slot(int row) {
        return (row < 0 ? ringRows : row % ringRows) * width * PRODUCTS;
    }

    /** One step of the column recursions, fed the row-blurred rows at ring offsets {@code top} and {@code bottom}. */
    private void blurColumns(int top, int bottom) {
        RecursiveGaussian g = blur;
        float n1 = g.n1, n3 = g.n3, n5 = g.n5, d1 = g.d1, d3 = g.d3, d5 = g.d5;
        float[] ring = this.ring, last = this.last, older = this.older, out = blurred;
        // unrolled by hand: C1 does not unroll the loop over the five quantities, and it costs 15 %
        for (int r = 0, s = 0; r < out.length; r += PRODUCTS, s += STATE) {
            float in = ring[top + r] + ring[bottom + r];
            out[r] = section(in, n1, d1, last, older, s) + section(in, n3, d3, last, older, s + 1)
                    + section(in, n5, d5, last, older, s + 2);
            in = ring[top + r + 1] + ring[bottom + r + 1];
            out[r + 1] = section(in, n1, d1, last, older, s + 3) + section(in, n3, d3, last, older, s + 4)
                    + section(in, n5, d5, last, older, s + 5);
            in = ring[top + r + 2] + ring[bottom + r + 2];
            out[r + 2] = section(in, n1, d1, last, older, s + 6) + section(in, n3, d3, last, older, s + 7)
                    + section(in, n5, d5, last, older, s + 8);
            in = ring[top + r + 3] + ring[bottom + r + 3];
            out[r + 3] = section(in, n1, d1, last, older, s + 9) + section(in, n3, d3, last, older, s + 10)
                    + section(in, n5, d5, last, older, s + 11);
            in = ring[top + r + 4] + ring[bottom + r + 4];
            out[r + 4] = section(in, n1, d1, last, older, s + 12) + section(in, n3, d3, last, older, s + 13)
                    + section(in, n5, d5, last, older, s + 14);
        }
        // the outputs just written over the older ones are the last ones of the next step
        this.older = last;
        this.last = older;
    }

    /** One step of one second-order section at column state {@code i}: its new output, written over the older. */
    private static float section(float in, float weight, float feedback, float[] last, float[] older, int i) {
        float out = weight * in - feedback * last[i] - older[i];
        older[i] = out;
        return out;
    }

    /** Adds the error maps of the output row at picture offset {@code offset} to the sums. */
    private void pool(float[] p1, float[] p2, int offset) {
        float[] in = blurred;
        // the sums of one row in float, of all rows in double
        float ssim = 0, ssim4 = 0, artifact = 0, artifact4 = 0, lost = 0, lost4 = 0;
        for (int x = 0, r = 0; x < width; x++, r += PRODUCTS) {
            float mu1 = in[r], mu2 = in[r + 1], s11 = in[r + 2], s22 = in[r + 3], s12 = in[r + 4];
            float diff = mu1 - mu2;
            // no luminance denominator: XYB values are already perceptually uniform
            float numM = 1.0f - diff * diff;
            float numS = 2 * (s12 - mu1 * mu2) + C2;
            float denomS = (s11 - mu1 * mu1) + (s22 - mu2 * mu2) + C2;
            float error = 1.0f - numM * numS / denomS;
            // max(error, 0) and the like without a branch, which would often be mispredicted
            float d = 0.5f * (error + Math.abs(error));
            float d2 = d * d;
            ssim += d;
            ssim4 += d2 * d2;
            float edge = (1f + Math.abs(p2[offset + x] - mu2)) / (1f + Math.abs(p1[offset + x] - mu1)) - 1f;
            float size = Math.abs(edge);
            // an edge where the original is smooth: ringing, banding, blocking
            float added = 0.5f * (size + edge);
            // an edge of the original smoothed away: blurring, smearing
            float removed = 0.5f * (size - edge);
            float added2 = added * added, removed2 = removed * removed;
            artifact += added;
            artifact4 += added2 * added2;
            lost += removed;
            lost4 += removed2 * removed2;
        }
        this.ssim += ssim;
        this.ssim4 += ssim4;
        this.artifact += artifact;
        this.artifact4 += artifact4;
        this.lost += lost;
        this.lost4 += lost4;
    }
}
