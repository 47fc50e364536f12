package io.mediaopt.quality;

/**
 * A Gaussian blur as a recursive (IIR) filter, after Charalampidis, "Recursive Implementation
 * of the Gaussian Filter Using Truncated Cosine Functions" (2016): three second-order sections
 * whose outputs add up, run along rows and then along columns. Output n of a pass is fed the
 * sum of inputs n-radius-1 and n+radius-1, for n from -radius+1 on; outputs before 0 only warm
 * the filter up. The cost per pixel does not grow with sigma. Values outside the plane count as
 * zero, as in the reference SSIMULACRA 2.
 */
final class RecursiveGaussian {
    /** The quantities {@link #blurRowProducts} makes per pixel, in this order. */
    static final int PRODUCTS = 5;

    final int radius;
    /** Per section k = 1, 3, 5: input weight and feedback of the previous output. */
    final float n1, n3, n5, d1, d3, d5;

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
        n1 = (float) (-beta[0] * Math.cos(omega[0] * (n + 1)));
        n3 = (float) (-beta[1] * Math.cos(omega[1] * (n + 1)));
        n5 = (float) (-beta[2] * Math.cos(omega[2] * (n + 1)));
        d1 = (float) (-2 * Math.cos(omega[0]));
        d3 = (float) (-2 * Math.cos(omega[1]));
        d5 = (float) (-2 * Math.cos(omega[2]));
    }

    /**
     * Blurs the {@code width} values of two planes p and q from {@code offset} along the row, and
     * with them p², q² and p·q: {@link #PRODUCTS} values a pixel, interleaved, in {@code out}
     * from {@code outOffset}. One pass for all, each recursion's state in locals.
     */
    void blurRowProducts(float[] p, float[] q, int offset, int width, float[] out, int outOffset) {
        float n1 = this.n1, n3 = this.n3, n5 = this.n5, d1 = this.d1, d3 = this.d3, d5 = this.d5;
        int radius = this.radius;
        // per quantity (p, q, pp, qq, pq) and section: the last output and the one before
        float a1 = 0, a3 = 0, a5 = 0, aa1 = 0, aa3 = 0, aa5 = 0;
        float b1 = 0, b3 = 0, b5 = 0, bb1 = 0, bb3 = 0, bb5 = 0;
        float c1 = 0, c3 = 0, c5 = 0, cc1 = 0, cc3 = 0, cc5 = 0;
        float e1 = 0, e3 = 0, e5 = 0, ee1 = 0, ee3 = 0, ee5 = 0;
        float f1 = 0, f3 = 0, f5 = 0, ff1 = 0, ff3 = 0, ff5 = 0;
        int at = outOffset - PRODUCTS * (radius - 1);
        for (int n = -radius + 1; n < width; n++, at += PRODUCTS) {
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
                out[at] = a1 + a3 + a5;
                out[at + 1] = b1 + b3 + b5;
                out[at + 2] = c1 + c3 + c5;
                out[at + 3] = e1 + e3 + e5;
                out[at + 4] = f1 + f3 + f5;
            }
        }
    }

    /**
     * Blurs a whole plane of {@code width} x {@code height} values, plainly, one pass after the
     * other (for tests: the metric fuses the passes with its products).
     */
    float[] blur(float[] in, int width, int height) {
        float[] rows = new float[in.length];
        for (int y = 0; y < height; y++) pass(in, y * width, 1, width, rows);
        float[] out = new float[in.length];
        for (int x = 0; x < width; x++) pass(rows, x, width, height, out);
        return out;
    }

    private void pass(float[] in, int start, int stride, int count, float[] out) {
        float prev1 = 0, prev3 = 0, prev5 = 0, prevPrev1 = 0, prevPrev3 = 0, prevPrev5 = 0;
        for (int n = -radius + 1; n < count; n++) {
            int left = n - radius - 1;
            int right = n + radius - 1;
            float sum = (left >= 0 ? in[start + left * stride] : 0f) + (right < count ? in[start + right * stride] : 0f);
            float out1 = n1 * sum - d1 * prev1 - prevPrev1;
            float out3 = n3 * sum - d3 * prev3 - prevPrev3;
            float out5 = n5 * sum - d5 * prev5 - prevPrev5;
            prevPrev1 = prev1;
            prevPrev3 = prev3;
            prevPrev5 = prev5;
            prev1 = out1;
            prev3 = out3;
            prev5 = out5;
            if (n >= 0) out[start + n * stride] = out1 + out3 + out5;
        }
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
