package io.mediaopt.quality;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/** {@link Xyb#convert} with the processor's vector instructions, several pixels an instruction, to the same bits. */
final class VectorXyb {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final float CBRT_BIAS = (float) Math.cbrt(Xyb.BIAS);
    /** Pixels a block: two blocks of one cone response stay in the first-level cache. */
    private static final int BLOCK = 2048;
    /** The opsin absorbance matrix's rows: the weights of r, g and b in each cone's light. */
    private static final float[][] OPSIN = {
            {Xyb.M00, Xyb.M01, Xyb.M02}, {Xyb.M10, Xyb.M11, Xyb.M12}, {Xyb.M20, Xyb.M21, Xyb.M22}};

    private VectorXyb() {}

    /**
     * Overwrites the picture's planes r, g, b with X, Y, B: a block of pixels at a time, one
     * cone response after the other.
     */
    static void convert(LinearRgb rgb) {
        float[] r = rgb.r(), g = rgb.g(), b = rgb.b();
        float[][] cones = new float[3][BLOCK];
        int lanes = SPECIES.length();
        int end = SPECIES.loopBound(r.length);
        for (int start = 0; start < end; start += BLOCK) {
            int stop = Math.min(start + BLOCK, end);
            // one call site for the three cones: C2 inlines the cube root once
            for (int c = 0; c < 3; c++) cone(r, g, b, start, stop, OPSIN[c], cones[c]);
            float[] l = cones[0], m = cones[1], s = cones[2];
            for (int i = start; i < stop; i += lanes) {
                FloatVector lv = FloatVector.fromArray(SPECIES, l, i - start);
                FloatVector mv = FloatVector.fromArray(SPECIES, m, i - start);
                FloatVector y = lv.add(mv).mul(0.5f);
                lv.sub(mv).mul(7f).add(0.42f).intoArray(r, i);
                y.add(0.01f).intoArray(g, i);
                FloatVector.fromArray(SPECIES, s, i - start).sub(y).add(0.55f).intoArray(b, i);
            }
        }
        Xyb.convert(r, g, b, end, r.length);
    }

    private static void cone(float[] r, float[] g, float[] b, int start, int stop, float[] weights, float[] out) {
        float wr = weights[0], wg = weights[1], wb = weights[2];
        for (int i = start; i < stop; i += SPECIES.length()) {
            response(r, g, b, i, wr, wg, wb).intoArray(out, i - start);
        }
    }

    /** A cone's response to the light at {@code i}: the cube root of the mix, less the bias's. */
    private static FloatVector response(float[] r, float[] g, float[] b, int i, float wr, float wg, float wb) {
        FloatVector mix = FloatVector.fromArray(SPECIES, r, i).mul(wr)
                .add(FloatVector.fromArray(SPECIES, g, i).mul(wg))
                .add(FloatVector.fromArray(SPECIES, b, i).mul(wb)).add(Xyb.BIAS);
        return cbrt(mix).sub(CBRT_BIAS);
    }

    /** {@link Xyb#cbrt} lane by lane, in the same float operations: the same bits for a positive value. */
    static FloatVector cbrt(FloatVector value) {
        // a value at or below 0 takes the root of the smallest normal float, 2e-13, where Xyb's has 0
        FloatVector v = value.max(Float.MIN_NORMAL);
        IntVector bits = v.viewAsIntegralLanes().reinterpretAsInts();
        IntVector third = ((FloatVector) bits.convert(VectorOperators.I2F, 0)).mul(1f / 3)
                .convert(VectorOperators.F2I, 0).reinterpretAsInts();
        FloatVector y = third.add(0x2a5137a0).viewAsFloatingLanes().reinterpretAsFloats();
        FloatVector cube = y.mul(y).mul(y);
        y = y.mul(cube.add(v).add(v)).div(cube.add(cube).add(v));
        cube = y.mul(y).mul(y);
        return y.mul(cube.add(v).add(v)).div(cube.add(cube).add(v));
    }
}
