package io.mediaopt.quality;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;

/**
 * How the metric's per-pixel arithmetic runs: one value at a time, or with the processor's
 * vector instructions through the Vector API. The vector code is only fast where C2 compiles
 * it (C1 and the interpreter make an object of every vector), and needs the JVM started with
 * {@code --add-modules jdk.incubator.vector}; {@link #BEST} takes it only then.
 */
enum Arithmetic {
    SCALAR {
        @Override
        void toXyb(LinearRgb picture) {
            Xyb.convert(picture);
        }

        @Override
        double[] compare(RecursiveGaussian blur, float[] original, float[] distorted, int width, int height) {
            return ChannelComparison.compare(blur, original, distorted, width, height);
        }
    },
    VECTOR {
        @Override
        void toXyb(LinearRgb picture) {
            VectorXyb.convert(picture);
        }

        @Override
        double[] compare(RecursiveGaussian blur, float[] original, float[] distorted, int width, int height) {
            return VectorChannelComparison.compare(blur, original, distorted, width, height);
        }
    };

    /** What this JVM runs fastest. */
    static final Arithmetic BEST = vectorsCompiled() ? VECTOR : SCALAR;

    /** What the start-up log says about it. */
    String describe() {
        return this == VECTOR ? "in vectors of " + VectorLanes.floats() + " floats"
                : "one value at a time (vectors need C2 and --add-modules jdk.incubator.vector)";
    }

    /** Overwrites the picture's linear RGB planes with X, Y, B. */
    abstract void toXyb(LinearRgb picture);

    /** {ssim mean, ssim 4-norm, ringing mean, ringing 4-norm, blurring mean, blurring 4-norm}. */
    abstract double[] compare(RecursiveGaussian blur, float[] original, float[] distorted, int width, int height);

    /**
     * The Vector API is loaded, C2 is on, and vectors hold at least four floats. A JVM that does
     * not answer (not HotSpot, an option it does not know) gets the scalar code.
     */
    static boolean vectorsCompiled() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) return false;
        try {
            HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (hotSpot == null) return false;
            boolean c2 = Integer.parseInt(hotSpot.getVMOption("TieredStopAtLevel").getValue()) >= 4
                    || !Boolean.parseBoolean(hotSpot.getVMOption("TieredCompilation").getValue());
            return c2 && Boolean.parseBoolean(hotSpot.getVMOption("UseCompiler").getValue())
                    && VectorLanes.floats() >= 4;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
