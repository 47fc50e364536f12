package io.mediaopt.imageurl;

/**
 * The geometry of one render, worked out from the source's upright size and the options as
 * imgproxy works it out: the size the picture is resized to, and the window then cut from it
 * ({@code cropWidth} x {@code cropHeight} at {@code left}, {@code top}; the whole when equal).
 * {@code byWidth}: the scale is the width's (the height follows), else the height's.
 */
record RenderPlan(Kind kind, int resizeWidth, int resizeHeight, int cropWidth, int cropHeight, boolean enlarge,
                  boolean byWidth) {

    enum Kind { FIT, FORCE, FILL, SMART_FILL }

    static RenderPlan of(ImageOptions o, int sourceWidth, int sourceHeight) {
        int tw = o.scaledWidth();
        int th = o.scaledHeight();
        ResizingType type = o.resizingType();
        if (type == ResizingType.AUTO) {
            boolean sameShape = (sourceWidth >= sourceHeight) == (tw >= th);
            type = tw > 0 && th > 0 && sameShape ? ResizingType.FILL : ResizingType.FIT;
        }
        if (tw == 0 || th == 0 || type == ResizingType.FIT) {
            Scale scale = Scale.fit(tw, th, sourceWidth, sourceHeight, o.enlarge());
            int w = scale.of(sourceWidth);
            int h = scale.of(sourceHeight);
            return new RenderPlan(Kind.FIT, w, h, w, h, o.enlarge(), scale.byWidth());
        }
        if (type == ResizingType.FORCE) {
            int w = o.enlarge() ? tw : Math.min(tw, sourceWidth);
            int h = o.enlarge() ? th : Math.min(th, sourceHeight);
            return new RenderPlan(Kind.FORCE, w, h, w, h, o.enlarge(), true);
        }
        if (type == ResizingType.FILL_DOWN && (tw > sourceWidth || th > sourceHeight)) {
            double shrink = Math.min((double) sourceWidth / tw, (double) sourceHeight / th);
            tw = side(tw * shrink);
            th = side(th * shrink);
        }
        Scale scale = Scale.fill(tw, th, sourceWidth, sourceHeight, o.enlarge());
        int rw = scale.of(sourceWidth);
        int rh = scale.of(sourceHeight);
        Kind kind = o.gravity().type() == Gravity.Type.SM ? Kind.SMART_FILL : Kind.FILL;
        return new RenderPlan(kind, rw, rh, Math.min(tw, rw), Math.min(th, rh), o.enlarge() || scale.enlarges(),
                scale.byWidth());
    }

    /**
     * A scale as the fraction of a target side over a source side, so that a side is scaled with
     * one rounding: 3000 x 1150 / 4000 is 862.5 (863), where 3000 x 0.2875 is 862.4999... (862).
     */
    private record Scale(long target, long source, boolean byWidth) {
        static final Scale NONE = new Scale(1, 1, true);

        /** The scale that fits the box (a side of 0 is free); never above 1 unless enlarging. */
        static Scale fit(int tw, int th, int sw, int sh, boolean enlarge) {
            if (tw == 0 && th == 0) return NONE;
            return by(th == 0 || (tw != 0 && (long) tw * sh <= (long) th * sw), tw, th, sw, sh, enlarge);
        }

        /** The scale that covers the box; never above 1 unless enlarging. */
        static Scale fill(int tw, int th, int sw, int sh, boolean enlarge) {
            return by((long) tw * sh >= (long) th * sw, tw, th, sw, sh, enlarge);
        }

        private static Scale by(boolean byWidth, int tw, int th, int sw, int sh, boolean enlarge) {
            Scale scale = byWidth ? new Scale(tw, sw, true) : new Scale(th, sh, false);
            return enlarge || !scale.enlarges() ? scale : NONE;
        }

        boolean enlarges() {
            return target > source;
        }

        int of(int side) {
            return side((double) side * target / source);
        }
    }

    private static int side(double value) {
        return Math.max(1, (int) Math.round(value));
    }

    /** Where the crop window starts along one side: centred on the gravity's point, kept inside. */
    static int offset(int whole, int window, double point, boolean focal) {
        int free = whole - window;
        if (free <= 0) return 0;
        int start = focal ? (int) Math.round(point * whole - window / 2.0) : (int) Math.round(free * point);
        return Math.clamp(start, 0, free);
    }
}
