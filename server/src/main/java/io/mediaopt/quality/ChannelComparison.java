package io.mediaopt.quality;

/**
 * The six figures SSIMULACRA 2 takes from one colour component at one scale: the mean and
 * 4-norm of the SSIM error map, of the ringing map and of the blurring map. The Gaussian
 * means (of both pictures, their squares and their product) are made a row at a time through
 * ring buffers, so memory stays a few dozen rows whatever the picture's height.
 */
final class ChannelComparison {
    private static final float C2 = 0.0009f;
    private static final int QUANTITIES = 5;
    private static final int MU1 = 0, MU2 = 1, S11 = 2, S22 = 3, S12 = 4;

    private final RecursiveGaussian blur;
    private final int width;
    private final int ringRows;
    private final float[][] rings = new float[QUANTITIES][];
    private final float[][] blurred = new float[QUANTITIES][];
    private final RecursiveGaussian.Columns[] columns = new RecursiveGaussian.Columns[QUANTITIES];
    private double ssim, ssim4, artifact, artifact4, lost, lost4;

    private ChannelComparison(RecursiveGaussian blur, int width) {
        this.blur = blur;
        this.width = width;
        this.ringRows = 2 * blur.radius() + 2;
        for (int q = 0; q < QUANTITIES; q++) {
            rings[q] = new float[ringRows * width];
            blurred[q] = new float[width];
            columns[q] = blur.columns(width);
        }
    }

    /** {ssim mean, ssim 4-norm, ringing mean, ringing 4-norm, blurring mean, blurring 4-norm}. */
    static double[] compare(RecursiveGaussian blur, float[] original, float[] distorted, int width, int height) {
        return new ChannelComparison(blur, width).run(original, distorted, height);
    }

    private double[] run(float[] p1, float[] p2, int height) {
        int radius = blur.radius();
        for (int n = -radius + 1; n < height; n++) {
            int top = n - radius - 1;
            int bottom = n + radius - 1;
            if (bottom < height) blurRowsInto(p1, p2, bottom);
            for (int q = 0; q < QUANTITIES; q++) {
                columns[q].step(top >= 0 ? rings[q] : null, slot(top), bottom < height ? rings[q] : null,
                        slot(bottom), n >= 0 ? blurred[q] : null);
            }
            if (n >= 0) accumulate(p1, p2, n * width);
        }
        double perPixel = 1.0 / ((double) width * height);
        return new double[]{
                perPixel * ssim, Math.sqrt(Math.sqrt(perPixel * ssim4)),
                perPixel * artifact, Math.sqrt(Math.sqrt(perPixel * artifact4)),
                perPixel * lost, Math.sqrt(Math.sqrt(perPixel * lost4))};
    }

    private int slot(int row) {
        return row < 0 ? 0 : (row % ringRows) * width;
    }

    private void blurRowsInto(float[] p1, float[] p2, int row) {
        blur.blurRowProducts(p1, p2, row, width, rings, slot(row));
    }

    private void accumulate(float[] p1, float[] p2, int offset) {
        float[] mu1s = blurred[MU1], mu2s = blurred[MU2], s11 = blurred[S11], s22 = blurred[S22], s12 = blurred[S12];
        for (int x = 0; x < width; x++) {
            float mu1 = mu1s[x];
            float mu2 = mu2s[x];
            float diff = mu1 - mu2;
            // no luminance denominator: XYB values are already perceptually uniform
            float numM = 1.0f - diff * diff;
            float numS = 2 * (s12[x] - mu1 * mu2) + C2;
            float denomS = (s11[x] - mu1 * mu1) + (s22[x] - mu2 * mu2) + C2;
            double d = Math.max(1.0 - (double) (numM * numS / denomS), 0.0);
            ssim += d;
            ssim4 += quartic(d);
            double edge = (1.0 + Math.abs(p2[offset + x] - mu2)) / (1.0 + Math.abs(p1[offset + x] - mu1)) - 1.0;
            if (edge > 0) {
                // an edge where the original is smooth: ringing, banding, blocking
                artifact += edge;
                artifact4 += quartic(edge);
            } else {
                // an edge of the original smoothed away: blurring, smearing
                lost -= edge;
                lost4 += quartic(edge);
            }
        }
    }

    private static double quartic(double x) {
        double square = x * x;
        return square * square;
    }
}
