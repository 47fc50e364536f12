package io.mediaopt.quality;

import java.util.Arrays;

/**
 * A Gaussian blur as a recursive (IIR) filter, after Charalampidis, "Recursive Implementation
 * of the Gaussian Filter Using Truncated Cosine Functions" (2016): three second-order sections
 * whose outputs add up, run along rows and then along columns. The cost per pixel does not grow
 * with sigma. Values outside the plane count as zero, as in the reference SSIMULACRA 2.
 */
final class RecursiveGaussian {
    private final int radius;
    /** Per section k = 1, 3, 5: input weight and feedback of the previous output. */
    private final float[] inputWeight = new float[3];
    private final float[] feedback = new float[3];

    RecursiveGaussian(double sigma) {
        double n = Math.round(3.2795 * sigma + 0.2546);
        double[] omega = {Math.PI / (2 * n), 3 * Math.PI / (2 * n), 5 * Math.PI / (2 * n)};
        double p1 = 1 / Math.tan(0.5 * omega[0]);
        double p3 = -1 / Math.tan(0.5 * omega[1]);
        double p5 = 1 / Math.tan(0.5 * omega[2]);
        double r1 = p1 * p1 / Math.sin(omega[0]);
        double r3 = -p3 * p3 / Math.sin(omega[1]);
        double r5 = p5 * p5 / Math.sin(omega[2]);
        double[] rho = new double[3];
        for (int i = 0; i < 3; i++) rho[i] = Math.exp(-0.5 * sigma * sigma * omega[i] * omega[i]) / n;
        double d13 = p1 * r3 - r1 * p3;
        double d35 = p3 * r5 - r3 * p5;
        double d51 = p5 * r1 - r5 * p1;
        double zeta15 = d35 / d13;
        double zeta35 = d51 / d13;
        double[] beta = solve(new double[][]{{p1, p3, p5}, {r1, r3, r5}, {zeta15, zeta35, 1}},
                new double[]{1, n * n - sigma * sigma, zeta15 * rho[0] + zeta35 * rho[1] + rho[2]});
        radius = (int) n;
        for (int i = 0; i < 3; i++) {
            inputWeight[i] = (float) (-beta[i] * Math.cos(omega[i] * (n + 1)));
            feedback[i] = (float) (-2 * Math.cos(omega[i]));
        }
    }

    /** Rows of input the filter looks ahead and behind: an output row needs rows n-radius-1 and n+radius-1. */
    int radius() {
        return radius;
    }

    /** Blurs one row of {@code width} values from {@code in} at {@code inOffset} into {@code out}. */
    void blurRow(float[] in, int inOffset, float[] out, int outOffset, int width) {
        float n1 = inputWeight[0], n3 = inputWeight[1], n5 = inputWeight[2];
        float d1 = feedback[0], d3 = feedback[1], d5 = feedback[2];
        float prev1 = 0, prev3 = 0, prev5 = 0, prevPrev1 = 0, prevPrev3 = 0, prevPrev5 = 0;
        for (int n = -radius + 1; n < width; n++) {
            int left = n - radius - 1;
            int right = n + radius - 1;
            float sum = (left >= 0 ? in[inOffset + left] : 0f) + (right < width ? in[inOffset + right] : 0f);
            float out1 = n1 * sum - d1 * prev1 - prevPrev1;
            float out3 = n3 * sum - d3 * prev3 - prevPrev3;
            float out5 = n5 * sum - d5 * prev5 - prevPrev5;
            prevPrev1 = prev1;
            prevPrev3 = prev3;
            prevPrev5 = prev5;
            prev1 = out1;
            prev3 = out3;
            prev5 = out5;
            if (n >= 0) out[outOffset + n] = out1 + out3 + out5;
        }
    }

    /**
     * Blurs row {@code row} of two planes p and q, and of p², q² and p·q, into {@code out[0..4]}
     * at {@code outOffset}: five recursions in one pass, so the processor overlaps their chains.
     */
    void blurRowProducts(float[] p, float[] q, int row, int width, float[][] out, int outOffset) {
        float n1 = inputWeight[0], n3 = inputWeight[1], n5 = inputWeight[2];
        float d1 = feedback[0], d3 = feedback[1], d5 = feedback[2];
        // one scalar per section and quantity (p, q, pp, qq, pq): arrays here would cost loads
        float a1 = 0, a3 = 0, a5 = 0, aa1 = 0, aa3 = 0, aa5 = 0;
        float b1 = 0, b3 = 0, b5 = 0, bb1 = 0, bb3 = 0, bb5 = 0;
        float c1 = 0, c3 = 0, c5 = 0, cc1 = 0, cc3 = 0, cc5 = 0;
        float e1 = 0, e3 = 0, e5 = 0, ee1 = 0, ee3 = 0, ee5 = 0;
        float f1 = 0, f3 = 0, f5 = 0, ff1 = 0, ff3 = 0, ff5 = 0;
        float[] o0 = out[0], o1 = out[1], o2 = out[2], o3 = out[3], o4 = out[4];
        int offset = row * width;
        for (int n = -radius + 1; n < width; n++) {
            int left = n - radius - 1;
            int right = n + radius - 1;
            float pl = 0, ql = 0, pr = 0, qr = 0;
            if (left >= 0) {
                pl = p[offset + left];
                ql = q[offset + left];
            }
            if (right < width) {
                pr = p[offset + right];
                qr = q[offset + right];
            }
            float sp = pl + pr, sq = ql + qr, spp = pl * pl + pr * pr, sqq = ql * ql + qr * qr, spq = pl * ql + pr * qr;
            float t;
            t = n1 * sp - d1 * a1 - aa1; aa1 = a1; a1 = t;
            t = n3 * sp - d3 * a3 - aa3; aa3 = a3; a3 = t;
            t = n5 * sp - d5 * a5 - aa5; aa5 = a5; a5 = t;
            t = n1 * sq - d1 * b1 - bb1; bb1 = b1; b1 = t;
            t = n3 * sq - d3 * b3 - bb3; bb3 = b3; b3 = t;
            t = n5 * sq - d5 * b5 - bb5; bb5 = b5; b5 = t;
            t = n1 * spp - d1 * c1 - cc1; cc1 = c1; c1 = t;
            t = n3 * spp - d3 * c3 - cc3; cc3 = c3; c3 = t;
            t = n5 * spp - d5 * c5 - cc5; cc5 = c5; c5 = t;
            t = n1 * sqq - d1 * e1 - ee1; ee1 = e1; e1 = t;
            t = n3 * sqq - d3 * e3 - ee3; ee3 = e3; e3 = t;
            t = n5 * sqq - d5 * e5 - ee5; ee5 = e5; e5 = t;
            t = n1 * spq - d1 * f1 - ff1; ff1 = f1; f1 = t;
            t = n3 * spq - d3 * f3 - ff3; ff3 = f3; f3 = t;
            t = n5 * spq - d5 * f5 - ff5; ff5 = f5; f5 = t;
            if (n >= 0) {
                int at = outOffset + n;
                o0[at] = a1 + a3 + a5;
                o1[at] = b1 + b3 + b5;
                o2[at] = c1 + c3 + c5;
                o3[at] = e1 + e3 + e5;
                o4[at] = f1 + f3 + f5;
            }
        }
    }

    /** The same recursion down every column at once, fed a row at a time. */
    Columns columns(int width) {
        return new Columns(width);
    }

    /**
     * The state of the column pass. For output row n, call {@link #step} with rows n-radius-1
     * and n+radius-1 of the row-blurred input (null where outside the picture), for n from
     * -radius+1 on; rows before 0 only warm the filter up.
     */
    final class Columns {
        private final float[] prev1, prev3, prev5, prevPrev1, prevPrev3, prevPrev5;
        private final float[] sum;

        private Columns(int width) {
            sum = new float[width];
            prev1 = new float[width];
            prev3 = new float[width];
            prev5 = new float[width];
            prevPrev1 = new float[width];
            prevPrev3 = new float[width];
            prevPrev5 = new float[width];
        }

        void step(float[] top, int topOffset, float[] bottom, int bottomOffset, float[] out) {
            float n1 = inputWeight[0], n3 = inputWeight[1], n5 = inputWeight[2];
            float d1 = feedback[0], d3 = feedback[1], d5 = feedback[2];
            float[] p1 = prev1, p3 = prev3, p5 = prev5, pp1 = prevPrev1, pp3 = prevPrev3, pp5 = prevPrev5;
            float[] sums = sums(top, topOffset, bottom, bottomOffset);
            for (int x = 0; x < p1.length; x++) {
                float sum = sums[x];
                float out1 = n1 * sum - d1 * p1[x] - pp1[x];
                float out3 = n3 * sum - d3 * p3[x] - pp3[x];
                float out5 = n5 * sum - d5 * p5[x] - pp5[x];
                pp1[x] = p1[x];
                pp3[x] = p3[x];
                pp5[x] = p5[x];
                p1[x] = out1;
                p3[x] = out3;
                p5[x] = out5;
                sums[x] = out1 + out3 + out5;
            }
            if (out != null) System.arraycopy(sums, 0, out, 0, sums.length);
        }

        private float[] sums(float[] top, int topOffset, float[] bottom, int bottomOffset) {
            float[] sums = sum;
            if (top != null && bottom != null) {
                for (int x = 0; x < sums.length; x++) sums[x] = top[topOffset + x] + bottom[bottomOffset + x];
            } else if (top != null) {
                System.arraycopy(top, topOffset, sums, 0, sums.length);
            } else if (bottom != null) {
                System.arraycopy(bottom, bottomOffset, sums, 0, sums.length);
            } else {
                Arrays.fill(sums, 0f);
            }
            return sums;
        }
    }

    /** Blurs a whole plane of {@code width} x {@code height} values (for tests and small pictures). */
    float[] blur(float[] in, int width, int height) {
        float[] rows = new float[in.length];
        for (int y = 0; y < height; y++) blurRow(in, y * width, rows, y * width, width);
        float[] out = new float[in.length];
        float[] row = new float[width];
        Columns columns = columns(width);
        for (int n = -radius + 1; n < height; n++) {
            int top = n - radius - 1;
            int bottom = n + radius - 1;
            columns.step(top >= 0 ? rows : null, top * width, bottom < height ? rows : null, bottom * width,
                    n >= 0 ? row : null);
            if (n >= 0) System.arraycopy(row, 0, out, n * width, width);
        }
        return out;
    }

    /** Solves the 3x3 system a·x = b (Cramer's rule; the system is small and well conditioned). */
    private static double[] solve(double[][] a, double[] b) {
        double det = det(a[0][0], a[0][1], a[0][2], a[1][0], a[1][1], a[1][2], a[2][0], a[2][1], a[2][2]);
        double[] x = new double[3];
        for (int col = 0; col < 3; col++) {
            double[][] m = {a[0].clone(), a[1].clone(), a[2].clone()};
            for (int row = 0; row < 3; row++) m[row][col] = b[row];
            x[col] = det(m[0][0], m[0][1], m[0][2], m[1][0], m[1][1], m[1][2], m[2][0], m[2][1], m[2][2]) / det;
        }
        return x;
    }

    private static double det(double a, double b, double c, double d, double e, double f,
                              double g, double h, double i) {
        return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
    }
}
