package io.mediaopt.quality;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

import java.util.Arrays;

/**
 * {@link ChannelComparison}'s six figures with the processor's vector instructions, several
 * pixels an instruction, in the same arithmetic: every blurred value is the scalar code's to the
 * bit, and only the order in which a row's error values are summed differs. Used only where the
 * JVM compiles the Vector API to those instructions ({@link Arithmetic#BEST}).
 *
 * <p>A recursion along a row cannot be split across neighbouring pixels, so the picture is taken
 * {@code LANES} rows at a time, turned on its side: the row recursions then run for all the
 * strip's rows at once. Their output is turned back into a ring buffer of rows, and the column
 * recursions run a vector of neighbouring columns at a time, then the pooling, as in
 * {@link ChannelComparison}.
 *
 * <p>C2 keeps a vector in a register only while it does not flow into a field, an array, a merge
 * of branches or a call it did not inline, so every load here is unconditional (rows off the
 * picture read a row of zeros, the last row a padded copy, strips on their side have zeros on
 * both ends), and each quantity has its own short loop.
 */
final class VectorChannelComparison {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    private static final int PRODUCTS = RecursiveGaussian.PRODUCTS;
    private static final float C2 = 0.0009f;

    private final RecursiveGaussian blur;
    private final int width, height;
    /** Row length of the row buffers: the width rounded up to whole vectors. */
    private final int stride;
    /** Zeros before and after a strip on its side, in columns: more than the row recursion reaches. */
    private final int margin;
    /** Rows of the ring; slot {@code ringRows} holds zeros, for rows off the picture. */
    private final int ringRows;
    /** Row-blurred rows per quantity, {@link #ringRows} of them and the row of zeros. */
    private final float[][] ring;
    /** 1 for the columns of the picture, 0 for the padding up to {@link #stride}. */
    private final float[] inside;
    /** Copies of both pictures' last rows, {@link #stride} long. */
    private final float[] lastRow1, lastRow2;
    /** The strip's rows of both pictures on their side, with margins; a row-blurred quantity on its side. */
    private final float[] sideways1, sideways2, rowBlurred;
    /** Ones in a strip's layout: a value times one is the value, to the bit. */
    private final float[] ones;
    /** The column recursions' last outputs and the ones before, per quantity and section. */
    private float[] last, older;
    /** The five blurred quantities of the current output row. */
    private final float[][] blurred;
    private final float[] laneSums = new float[6 * LANES];
    private final double[] totals = new double[6];

    private VectorChannelComparison(RecursiveGaussian blur, float[] p1, float[] p2, int width, int height) {
        this.blur = blur;
        this.width = width;
        this.height = height;
        this.stride = SPECIES.loopBound(width + LANES - 1);
        this.margin = 2 * blur.radius;
        this.ringRows = 2 * blur.radius + 2 * LANES;
        this.ring = new float[PRODUCTS][(ringRows + 1) * stride];
        this.inside = new float[stride];
        Arrays.fill(inside, 0, width, 1f);
        this.lastRow1 = padded(p1, (height - 1) * width, width, stride);
        this.lastRow2 = padded(p2, (height - 1) * width, width, stride);
        this.sideways1 = new float[(width + 2 * margin) * LANES];
        this.sideways2 = new float[(width + 2 * margin) * LANES];
        this.rowBlurred = new float[width * LANES];
        this.ones = new float[(width + 2 * margin) * LANES];
        Arrays.fill(ones, 1f);
        this.last = new float[3 * PRODUCTS * stride];
        this.older = new float[3 * PRODUCTS * stride];
        this.blurred = new float[PRODUCTS][stride];
    }

    /** {ssim mean, ssim 4-norm, ringing mean, ringing 4-norm, blurring mean, blurring 4-norm}. */
    static double[] compare(RecursiveGaussian blur, float[] original, float[] distorted, int width, int height) {
        return new VectorChannelComparison(blur, original, distorted, width, height).run(original, distorted);
    }

    private static float[] padded(float[] plane, int from, int count, int length) {
        float[] row = new float[length];
        System.arraycopy(plane, from, row, 0, count);
        return row;
    }

    private double[] run(float[] p1, float[] p2) {
        int radius = blur.radius;
        int n = -radius + 1;
        for (int first = 0; first < height; first += LANES) {
            int rows = Math.min(LANES, height - first);
            blurStripRows(p1, p2, first, rows);
            // every output row whose lower input row is now blurred (or off the picture)
            for (int made = first + rows - 1; n < height && (n + radius - 1 <= made || n + radius - 1 >= height); n++) {
                blurColumns(n - radius - 1, n + radius - 1);
                if (n >= 0) pool(n == height - 1 ? lastRow1 : p1, n == height - 1 ? lastRow2 : p2,
                        n == height - 1 ? 0 : n * width);
            }
        }
        double perPixel = 1.0 / ((double) width * height);
        return new double[]{
                perPixel * totals[0], Math.sqrt(Math.sqrt(perPixel * totals[1])),
                perPixel * totals[2], Math.sqrt(Math.sqrt(perPixel * totals[3])),
                perPixel * totals[4], Math.sqrt(Math.sqrt(perPixel * totals[5]))};
    }

    /** Where row {@code row}'s blurred quantities sit in the ring: the zero row if off the picture. */
    private int slot(int row) {
        return (row < 0 || row >= height ? ringRows : row % ringRows) * stride;
    }

    /** Blurs picture rows {@code first} to {@code first + rows - 1} along the rows into the ring. */
    private void blurStripRows(float[] p1, float[] p2, int first, int rows) {
        turn(p1, first * width, rows, sideways1);
        turn(p2, first * width, rows, sideways2);
        rowProducts(sideways1, ones);
        turnBack(rowBlurred, first, rows, ring[0]);
        rowProducts(sideways2, ones);
        turnBack(rowBlurred, first, rows, ring[1]);
        rowProducts(sideways1, sideways1);
        turnBack(rowBlurred, first, rows, ring[2]);
        rowProducts(sideways2, sideways2);
        turnBack(rowBlurred, first, rows, ring[3]);
        rowProducts(sideways1, sideways2);
        turnBack(rowBlurred, first, rows, ring[4]);
    }

    /** {@code count} rows of the plane from {@code offset} on their side, after the margin; missing rows are zero. */
    private void turn(float[] plane, int offset, int count, float[] out) {
        for (int r = 0; r < LANES; r++) {
            int from = offset + r * width;
            boolean present = r < count;
            for (int x = 0, to = margin * LANES + r; x < width; x++, to += LANES) {
                out[to] = present ? plane[from + x] : 0f;
            }
        }
    }

    /** A row-blurred quantity on its side back into the ring rows of picture rows from {@code first}. */
    private void turnBack(float[] in, int first, int rows, float[] out) {
        for (int r = 0; r < rows; r++) {
            int to = slot(first + r);
            for (int x = 0, from = r; x < width; x++, from += LANES) out[to + x] = in[from];
        }
    }

    /**
     * The row recursion of products of two planes' values, fed a·b + a'·b' (the values left and
     * right), for a strip on its side; with b all ones, of a's values.
     */
    private void rowProducts(float[] a, float[] b) {
        RecursiveGaussian g = blur;
        int radius = g.radius;
        FloatVector zero = FloatVector.zero(SPECIES);
        FloatVector a1 = zero, a3 = zero, a5 = zero, b1 = zero, b3 = zero, b5 = zero;
        float[] out = rowBlurred;
        // column n of the strip is at (margin + n) * LANES; the margins hold the zeros off the picture
        // (in a, which is never all ones), so every index is n times a constant plus one and C2 drops
        // the bounds checks
        for (int n = -radius + 1; n < width; n++) {
            int left = (margin + n - radius - 1) * LANES;
            int right = (margin + n + radius - 1) * LANES;
            FloatVector sum = FloatVector.fromArray(SPECIES, a, left).mul(FloatVector.fromArray(SPECIES, b, left))
                    .add(FloatVector.fromArray(SPECIES, a, right).mul(FloatVector.fromArray(SPECIES, b, right)));
            FloatVector o1 = sum.mul(g.n1).sub(a1.mul(g.d1)).sub(b1);
            FloatVector o3 = sum.mul(g.n3).sub(a3.mul(g.d3)).sub(b3);
            FloatVector o5 = sum.mul(g.n5).sub(a5.mul(g.d5)).sub(b5);
            b1 = a1;
            b3 = a3;
            b5 = a5;
            a1 = o1;
            a3 = o3;
            a5 = o5;
            if (n >= 0) o1.add(o3).add(o5).intoArray(out, n * LANES);
        }
    }

    /** One step of the column recursions, fed the row-blurred rows {@code top} and {@code bottom}. */
    private void blurColumns(int top, int bottom) {
        int t = slot(top), b = slot(bottom);
        for (int q = 0; q < PRODUCTS; q++) blurColumns(ring[q], t, b, 3 * q * stride, blurred[q]);
        float[] swap = older;
        this.older = last;
        this.last = swap;
    }

    private void blurColumns(float[] rows, int top, int bottom, int state, float[] out) {
        RecursiveGaussian g = blur;
        float[] last = this.last, older = this.older;
        for (int x = 0; x < stride; x += LANES) {
            FloatVector in = FloatVector.fromArray(SPECIES, rows, top + x)
                    .add(FloatVector.fromArray(SPECIES, rows, bottom + x));
            int i1 = state + x, i3 = i1 + stride, i5 = i3 + stride;
            FloatVector o1 = in.mul(g.n1).sub(FloatVector.fromArray(SPECIES, last, i1).mul(g.d1))
                    .sub(FloatVector.fromArray(SPECIES, older, i1));
            FloatVector o3 = in.mul(g.n3).sub(FloatVector.fromArray(SPECIES, last, i3).mul(g.d3))
                    .sub(FloatVector.fromArray(SPECIES, older, i3));
            FloatVector o5 = in.mul(g.n5).sub(FloatVector.fromArray(SPECIES, last, i5).mul(g.d5))
                    .sub(FloatVector.fromArray(SPECIES, older, i5));
            o1.intoArray(older, i1);
            o3.intoArray(older, i3);
            o5.intoArray(older, i5);
            o1.add(o3).add(o5).intoArray(out, x);
        }
    }

    /**
     * Adds the error maps of the output row to the totals; the picture rows are read from
     * {@code offset} in p1 and p2. Columns past the picture's width weigh 0.
     */
    private void pool(float[] p1, float[] p2, int offset) {
        FloatVector zero = FloatVector.zero(SPECIES);
        FloatVector ssim = zero, ssim4 = zero, artifact = zero, artifact4 = zero, lost = zero, lost4 = zero;
        float[][] in = blurred;
        for (int x = 0; x < stride; x += LANES) {
            FloatVector mu1 = FloatVector.fromArray(SPECIES, in[0], x);
            FloatVector mu2 = FloatVector.fromArray(SPECIES, in[1], x);
            FloatVector s11 = FloatVector.fromArray(SPECIES, in[2], x);
            FloatVector s22 = FloatVector.fromArray(SPECIES, in[3], x);
            FloatVector s12 = FloatVector.fromArray(SPECIES, in[4], x);
            FloatVector weight = FloatVector.fromArray(SPECIES, inside, x);
            FloatVector diff = mu1.sub(mu2);
            FloatVector numM = diff.mul(diff).neg().add(1f);
            FloatVector numS = s12.sub(mu1.mul(mu2)).mul(2f).add(C2);
            FloatVector denomS = s11.sub(mu1.mul(mu1)).add(s22.sub(mu2.mul(mu2))).add(C2);
            FloatVector d = numM.mul(numS).div(denomS).neg().add(1f).max(0f).mul(weight);
            FloatVector d2 = d.mul(d);
            ssim = ssim.add(d);
            ssim4 = ssim4.add(d2.mul(d2));
            FloatVector a = FloatVector.fromArray(SPECIES, p1, offset + x);
            FloatVector b = FloatVector.fromArray(SPECIES, p2, offset + x);
            FloatVector edge = b.sub(mu2).abs().add(1f).div(a.sub(mu1).abs().add(1f)).sub(1f).mul(weight);
            FloatVector added = edge.max(0f);
            FloatVector removed = edge.neg().max(0f);
            FloatVector added2 = added.mul(added), removed2 = removed.mul(removed);
            artifact = artifact.add(added);
            artifact4 = artifact4.add(added2.mul(added2));
            lost = lost.add(removed);
            lost4 = lost4.add(removed2.mul(removed2));
        }
        float[] sums = laneSums;
        ssim.intoArray(sums, 0);
        ssim4.intoArray(sums, LANES);
        artifact.intoArray(sums, 2 * LANES);
        artifact4.intoArray(sums, 3 * LANES);
        lost.intoArray(sums, 4 * LANES);
        lost4.intoArray(sums, 5 * LANES);
        // a row's sums in float, all rows' in double, as the scalar code does
        for (int s = 0; s < totals.length; s++) {
            float row = 0;
            for (int lane = 0; lane < LANES; lane++) row += sums[s * LANES + lane];
            totals[s] += row;
        }
    }
}
