package io.mediaopt.quality;

/**
 * SSIMULACRA 2 (Jon Sneyers, Cloudinary, 2022; the weights of its April 2023 revision): how
 * close a distorted picture looks to its original, from 100 (the same) down through 90 (visually
 * lossless at 1:1), 80 (high quality), 70 (medium), 50 (low) to 10 and below.
 *
 * <p>Both pictures go to the XYB colour space of JPEG XL, rescaled to about 0..1 with B taken
 * relative to Y. At six scales (1:1 to 1:32, halved in linear light) three error maps are made
 * per component: SSIM without its luminance denominator, edges the distorted picture has where
 * the original is smooth (ringing, blocking, banding), and edges it lost (blurring). Each map
 * is pooled by its mean and its 4-norm; 108 such figures, weighted and summed, then mapped to
 * the 0–100 scale. The weights were fitted by the author to subjective scores (CID22, TID2013,
 * KADID-10k, KonFiG-IQA). Means use Gaussian windows of sigma 1.5 ({@link RecursiveGaussian}).
 */
public final class Ssimulacra2 {
    private static final int SCALES = 6;
    private static final RecursiveGaussian BLUR = new RecursiveGaussian(1.5);
    /** A weight below this cannot move a score by more than a few hundredths ({@link #counts}). */
    static final double NEGLIGIBLE = 0.001;

    /** Per component X, Y, B; per scale; per norm (mean, 4-norm): SSIM, ringing, blurring. */
    private static final double[] WEIGHTS = {
            0.0, 0.0007376606707406586, 0.0, 0.0, 0.0007793481682867309, 0.0,
            0.0, 0.0004371155730107379, 0.0, 1.1041726426657346, 0.00066284834129271, 0.00015231632783718752,
            0.0, 0.0016406437456599754, 0.0, 1.8422455520539298, 11.441172603757666, 0.0,
            0.0007989109436015163, 0.000176816438078653, 0.0, 1.8787594979546387, 10.94906990605142, 0.0,
            0.0007289346991508072, 0.9677937080626833, 0.0, 0.00014003424285435884, 0.9981766977854967,
            0.00031949755934435053,
            0.0004550992113792063, 0.0, 0.0, 0.0013648766163243398, 0.0, 0.0,
            0.0, 0.0, 0.0, 7.466890328078848, 0.0, 17.445833984131262,
            0.0006235601634041466, 0.0, 0.0, 6.683678146179332, 0.00037724407979611296, 1.027889937768264,
            225.20515300849274, 0.0, 0.0, 19.213238186143016, 0.0011401524586618361, 0.001237755635509985,
            176.39317598450694, 0.0, 0.0, 24.43300999870476, 0.28520802612117757, 0.0004485436923833408,
            0.0, 0.0, 0.0, 34.77906344483772, 44.835625328877896, 0.0,
            0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, 0.0, 0.0008680556573291698, 0.0, 0.0,
            0.0, 0.0, 0.0, 0.0005313191874358747, 0.0, 0.00016533814161379112,
            0.0, 0.0, 0.0, 0.0, 0.0, 0.0004179171803251336,
            0.0017290828234722833, 0.0, 0.0020827005846636437, 0.0, 0.0, 8.826982764996862,
            23.19243343998926, 0.0, 95.1080498811086, 0.9863978034400682, 0.9834382792465353,
            0.0012286405048278493,
            171.2667255897307, 0.9807858872435379, 0.0, 0.0, 0.0, 0.0005130064588990679,
            0.0, 0.00010854057858411537};

    /** How this JVM computes scores, for the start-up log. */
    public static String arithmetic() {
        return Arithmetic.BEST.describe();
    }

    /** Smallest side the metric can look at: its first scale needs 8 pixels. */
    public static final int MIN_SIDE = 8;

    private Ssimulacra2() {}

    /**
     * The score of {@code distorted} against {@code original}; both must have the same size.
     * To keep memory to the two pictures, their planes are turned into XYB in place: neither
     * picture can be used again afterwards.
     */
    public static double score(LinearRgb original, LinearRgb distorted) {
        return score(new Reference(original), distorted);
    }

    /** {@link #score(LinearRgb, LinearRgb)} with the given arithmetic, for comparing them. */
    static double score(LinearRgb original, LinearRgb distorted, Arithmetic arithmetic) {
        return score(new Reference(original, arithmetic), distorted);
    }

    /**
     * The score of {@code distorted} against a reference made once, for scoring several
     * versions of one picture: the original's scales and XYB planes are not made again. The
     * distorted picture's planes are turned into XYB in place.
     */
    public static double score(Reference reference, LinearRgb distorted) {
        return score(reference, distorted, false);
    }

    /** {@link #score(Reference, LinearRgb)} comparing every component, even those that cannot count. */
    static double scoreEveryComponent(Reference reference, LinearRgb distorted) {
        return score(reference, distorted, true);
    }

    private static double score(Reference reference, LinearRgb distorted, boolean everyComponent) {
        LinearRgb original = reference.scales[0];
        if (original.width() != distorted.width() || original.height() != distorted.height()) {
            throw new IllegalArgumentException("sizes differ: " + original.width() + "x" + original.height()
                    + " and " + distorted.width() + "x" + distorted.height());
        }
        // [scale][component]: ssim mean, ssim 4-norm, ringing mean, ringing 4-norm, blur mean, blur 4-norm
        double[][][] features = new double[reference.count][][];
        LinearRgb b = distorted;
        for (int scale = 0; scale < reference.count; scale++) {
            // the next scale is made in linear light, before these planes turn into XYB
            LinearRgb nextB = scale + 1 < reference.count ? halve(b) : null;
            reference.arithmetic.toXyb(b);
            features[scale] = compareScale(reference.arithmetic, reference.scales[scale], b, scale, reference.count,
                    everyComponent);
            b = nextB;
        }
        return toScore(features, reference.count);
    }

    /** An original as the metric compares it: its XYB planes at every scale it has. */
    public static final class Reference {
        private final LinearRgb[] scales = new LinearRgb[SCALES];
        private final int count;
        private final Arithmetic arithmetic;

        /** Takes over {@code original}'s planes (they turn into XYB): it cannot be used again. */
        public Reference(LinearRgb original) {
            this(original, Arithmetic.BEST);
        }

        Reference(LinearRgb original, Arithmetic arithmetic) {
            this.arithmetic = arithmetic;
            if (original.width() < MIN_SIDE || original.height() < MIN_SIDE) {
                throw new IllegalArgumentException("pictures need at least " + MIN_SIDE + " pixels a side");
            }
            int made = 0;
            LinearRgb a = original;
            while (made < SCALES && a.width() >= MIN_SIDE && a.height() >= MIN_SIDE) {
                LinearRgb next = made + 1 < SCALES ? halve(a) : null;
                arithmetic.toXyb(a);
                scales[made++] = a;
                a = next;
            }
            count = made;
        }
    }

    /**
     * Both pictures' planes now hold X, Y and B. The components that count at this scale
     * ({@link #counts}), or all with {@code everyComponent}, are compared one after the other on
     * the caller's thread: on the common pool they took a sixth more CPU (a 1920x1200 score under
     * C1, 2 cores), and CPU, not the wait, is what a search is held to.
     */
    private static double[][] compareScale(Arithmetic arithmetic, LinearRgb a, LinearRgb b, int scale, int scales,
                                           boolean everyComponent) {
        int w = a.width(), h = a.height();
        float[][] planesA = {a.r(), a.g(), a.b()};
        float[][] planesB = {b.r(), b.g(), b.b()};
        double[][] features = new double[3][];
        for (int c = 0; c < 3; c++) {
            boolean compared = everyComponent || counts(c, scale, scales);
            features[c] = compared ? arithmetic.compare(BLUR, planesA[c], planesB[c], w, h) : new double[6];
        }
        return features;
    }

    /**
     * Whether component {@code c}'s six figures at {@code scale} can move the score: not when all
     * their weights are below {@link #NEGLIGIBLE}. On a picture of six scales these are X and B at
     * 1:1, B at 1:2 and 1:4, and Y at 1:32 (all of whose weights are 0). Each figure is at most 2
     * (an SSIM error, or an edge ratio less one, pooled), so together they add at most 0.007 to the
     * weighted sum, which moves a score near 70 by at most 0.05 and in practice by a few
     * thousandths; the score can only come out that much higher. X and B at 1:1 are half the
     * metric's work: that scale has three quarters of the pixels.
     */
    static boolean counts(int c, int scale, int scales) {
        int first = (c * scales + scale) * 6;
        for (int i = first; i < first + 6; i++) if (WEIGHTS[i] >= NEGLIGIBLE) return true;
        return false;
    }

    /**
     * The weighted sum of the features and the mapping to 0–100. The weights are taken in
     * order over the scales computed, as the reference does, so a small picture with fewer
     * scales lines up its later features with the next weights.
     */
    private static double toScore(double[][][] features, int scales) {
        double sum = 0;
        int i = 0;
        for (int c = 0; c < 3; c++) {
            for (int scale = 0; scale < scales; scale++) {
                double[] f = features[scale][c];
                for (int norm = 0; norm < 2; norm++) {
                    sum += WEIGHTS[i++] * Math.abs(f[norm]);
                    sum += WEIGHTS[i++] * Math.abs(f[2 + norm]);
                    sum += WEIGHTS[i++] * Math.abs(f[4 + norm]);
                }
            }
        }
        double s = sum * 0.9562382616834844;
        s = 2.326765642916932 * s - 0.020884521182843837 * s * s + 6.248496625763138e-05 * s * s * s;
        return s > 0 ? 100.0 - 10.0 * Math.pow(s, 0.6276336467831387) : 100.0;
    }

    /** Halves both sides in linear light, averaging 2x2 blocks (the last row and column repeat). */
    static LinearRgb halve(LinearRgb in) {
        int w = (in.width() + 1) / 2;
        int h = (in.height() + 1) / 2;
        return new LinearRgb(w, h, halve(in.r(), in.width(), in.height(), w, h),
                halve(in.g(), in.width(), in.height(), w, h), halve(in.b(), in.width(), in.height(), w, h));
    }

    private static float[] halve(float[] in, int inW, int inH, int w, int h) {
        float[] out = new float[w * h];
        for (int y = 0; y < h; y++) {
            int row0 = 2 * y * inW;
            int row1 = Math.min(2 * y + 1, inH - 1) * inW;
            for (int x = 0; x < w; x++) {
                int x0 = 2 * x;
                int x1 = Math.min(x0 + 1, inW - 1);
                out[y * w + x] = (in[row0 + x0] + in[row0 + x1] + in[row1 + x0] + in[row1 + x1]) * 0.25f;
            }
        }
        return out;
    }
}
