package io.mediaopt.quality;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class Ssimulacra2Test {
    private static final int W = 96;
    private static final int H = 64;

    @Test
    void identicalPicturesScoreTheBest() {
        assertThat(Ssimulacra2.score(texture(1), texture(1))).isEqualTo(100.0);
    }

    @Test
    void moreNoiseScoresLower() {
        double previous = 100;
        for (float amplitude : new float[]{0.005f, 0.02f, 0.05f, 0.1f}) {
            double score = Ssimulacra2.score(texture(1), noisy(texture(1), amplitude));
            assertThat(score).as("noise %s", amplitude).isLessThan(previous);
            previous = score;
        }
        assertThat(previous).isLessThan(50);
    }

    @Test
    void onlyComponentsOfNegligibleWeightAreLeftOut() {
        // X and B at 1:1, B at 1:2 and 1:4, and Y at 1:32 (weights all 0) of a picture with six scales
        boolean[][] compared = new boolean[3][6];
        for (int c = 0; c < 3; c++) for (int s = 0; s < 6; s++) compared[c][s] = Ssimulacra2.counts(c, s, 6);
        assertThat(compared[0]).containsExactly(false, true, true, true, true, true);
        assertThat(compared[1]).containsExactly(true, true, true, true, true, false);
        assertThat(compared[2]).containsExactly(false, false, false, true, true, true);
    }

    @Test
    void leavingThemOutRaisesAScoreByAFewHundredthsAtMost() {
        // six scales at 320x256; four at 96x64, where the weights line up differently
        for (int[] size : new int[][]{{320, 256}, {W, H}}) {
            for (float amplitude : new float[]{0.005f, 0.02f, 0.1f}) {
                double every = Ssimulacra2.scoreEveryComponent(new Ssimulacra2.Reference(texture(1, size[0], size[1])),
                        noisy(texture(1, size[0], size[1]), amplitude));
                double score = Ssimulacra2.score(texture(1, size[0], size[1]), noisy(texture(1, size[0], size[1]),
                        amplitude));
                assertThat(score - every).as("%dx%d, noise %s", size[0], size[1], amplitude).isBetween(0.0, 0.05);
            }
        }
    }

    @Test
    void theTestsRunTheVectorArithmeticAsTheServiceDoesWithAuto() {
        // the surefire configuration loads the Vector API and C2 is on: the fast path is what is tested
        assertThat(Arithmetic.BEST).isEqualTo(Arithmetic.VECTOR);
    }

    @Test
    void vectorsScoreAsOneValueAtATimeDoesOnEverySize() {
        // widths and heights that fill no whole vector, fewer rows than a strip, a last partial strip
        int[][] sizes = {{8, 8}, {9, 13}, {203, 117}, {17, 300}, {300, 17}, {64, 64}};
        for (int[] size : sizes) {
            for (float amplitude : new float[]{0.002f, 0.05f}) {
                double scalar = Ssimulacra2.score(texture(1, size[0], size[1]),
                        noisy(texture(1, size[0], size[1]), amplitude), Arithmetic.SCALAR);
                double vector = Ssimulacra2.score(texture(1, size[0], size[1]),
                        noisy(texture(1, size[0], size[1]), amplitude), Arithmetic.VECTOR);
                assertThat(vector).as("%dx%d, noise %s", size[0], size[1], amplitude)
                        .isCloseTo(scalar, within(1e-4));
            }
        }
    }

    @Test
    void vectorCubeRootsAreTheScalarOnesToTheBit() {
        float[] values = new float[4096];
        for (int i = 0; i < values.length; i++) values[i] = 1e-4f * (float) Math.pow(1.003, i);
        LinearRgb scalar = new LinearRgb(64, 64, values.clone(), values.clone(), values.clone());
        LinearRgb vector = new LinearRgb(64, 64, values.clone(), values.clone(), values.clone());
        Xyb.convert(scalar);
        VectorXyb.convert(vector);
        assertThat(vector.r()).containsExactly(scalar.r());
        assertThat(vector.g()).containsExactly(scalar.g());
        assertThat(vector.b()).containsExactly(scalar.b());
    }

    @Test
    void theBlurIsANormalisedSymmetricGaussianOfSigmaOneAndAHalf() {
        int size = 41;
        float[] impulse = new float[size * size];
        impulse[20 * size + 20] = 1;
        float[] out = new RecursiveGaussian(1.5).blur(impulse, size, size);
        double sum = 0, variance = 0;
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                sum += out[y * size + x];
                variance += out[y * size + x] * (x - 20) * (x - 20);
            }
        }
        assertThat(sum).isCloseTo(1.0, within(1e-3));
        assertThat(Math.sqrt(variance / sum)).isCloseTo(1.5, within(0.05));
        assertThat(out[20 * size + 17]).isCloseTo(out[20 * size + 23], within(1e-6f));
        assertThat(out[17 * size + 20]).isCloseTo(out[23 * size + 20], within(1e-6f));
    }

    @Test
    void theCubeRootIsExactToFloatPrecision() {
        for (float v = 1e-4f; v < 1.5f; v *= 1.01f) {
            assertThat((double) Xyb.cbrt(v)).isCloseTo(Math.cbrt(v), within(Math.cbrt(v) * 1e-6));
        }
    }

    @Test
    void greyStaysNeutralInXyb() {
        LinearRgb grey = new LinearRgb(1, 1, new float[]{0.2f}, new float[]{0.2f}, new float[]{0.2f});
        Xyb.convert(grey);
        // every row of the opsin matrix sums to 1: a grey has X = 0 and B = Y before the shifts
        assertThat(grey.r()[0]).isCloseTo(0.42f, within(1e-6f));
        assertThat(grey.b()[0]).isCloseTo(0.55f, within(1e-6f));
    }

    @Test
    void refusesPicturesOfDifferentSizesOrTooSmall() {
        assertThatThrownBy(() -> Ssimulacra2.score(texture(1), new LinearRgb(W, H - 1,
                new float[W * (H - 1)], new float[W * (H - 1)], new float[W * (H - 1)])))
                .isInstanceOf(IllegalArgumentException.class);
        LinearRgb tiny = new LinearRgb(7, 7, new float[49], new float[49], new float[49]);
        assertThatThrownBy(() -> Ssimulacra2.score(tiny, tiny)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void readsAlphaOverMidGrey() {
        byte[] transparent = {(byte) 255, 0, 0, 0};
        LinearRgb rgb = LinearRgb.fromSrgb8(transparent, 1, 1, 4);
        assertThat((double) rgb.r()[0]).isCloseTo(LinearRgb.linear(0.5), within(1e-6));
    }

    /** Smooth gradients with some fine detail, the same for a seed. */
    private static LinearRgb texture(long seed) {
        return texture(seed, W, H);
    }

    private static LinearRgb texture(long seed, int w, int h) {
        Random random = new Random(seed);
        float[][] planes = new float[3][w * h];
        for (int c = 0; c < 3; c++) {
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    double v = 0.4 + 0.25 * Math.sin(x / (7.0 + c)) * Math.cos(y / 9.0) + 0.05 * random.nextDouble();
                    planes[c][y * w + x] = (float) v;
                }
            }
        }
        return new LinearRgb(w, h, planes[0], planes[1], planes[2]);
    }

    private static LinearRgb noisy(LinearRgb in, float amplitude) {
        Random random = new Random(42);
        float[][] planes = {in.r().clone(), in.g().clone(), in.b().clone()};
        for (float[] plane : planes) {
            for (int i = 0; i < plane.length; i++) {
                plane[i] = Math.clamp(plane[i] + amplitude * (float) random.nextGaussian(), 0f, 1f);
            }
        }
        return new LinearRgb(in.width(), in.height(), planes[0], planes[1], planes[2]);
    }
}
