package io.mediaopt.imageurl;

/**
 * The geometry of one render, worked out from the source's upright size and the options as
 * imgproxy works it out: the size the picture is resized to, and the window then cut from it
 * ({@code cropWidth} x {@code cropHeight} at {@code left}, {@code top}; the whole when equal).
 */
record RenderPlan(Kind kind, int resizeWidth, int resizeHeight, int cropWidth, int cropHeight, boolean enlarge) {

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
            double scale = fitScale(tw, th, sourceWidth, sourceHeight, o.enlarge());
            return new RenderPlan(Kind.FIT, side(sourceWidth * scale), side(sourceHeight * scale),
                    side(sourceWidth * scale), side(sourceHeight * scale), o.enlarge());
        }
        if (type == ResizingType.FORCE) {
            int w = o.enlarge() ? tw : Math.min(tw, sourceWidth);
            int h = o.enlarge() ? th : Math.min(th, sourceHeight);
            return new RenderPlan(Kind.FORCE, w, h, w, h, o.enlarge());
        }
        if (type == ResizingType.FILL_DOWN && (tw > sourceWidth || th > sourceHeight)) {
            double shrink = Math.min((double) sourceWidth / tw, (double) sourceHeight / th);
            tw = side(tw * shrink);
            th = side(th * shrink);
        }
        double scale = Math.max((double) tw / sourceWidth, (double) th / sourceHeight);
        if (!o.enlarge()) scale = Math.min(scale, 1);
        int rw = side(sourceWidth * scale);
        int rh = side(sourceHeight * scale);
        Kind kind = o.gravity().type() == Gravity.Type.SM ? Kind.SMART_FILL : Kind.FILL;
        return new RenderPlan(kind, rw, rh, Math.min(tw, rw), Math.min(th, rh), o.enlarge() || scale > 1);
    }

    /** The scale that fits the box (a side of 0 is free); never above 1 unless enlarging. */
    private static double fitScale(int tw, int th, int sw, int sh, boolean enlarge) {
        if (tw == 0 && th == 0) return 1;
        double scale = tw == 0 ? (double) th / sh : th == 0 ? (double) tw / sw
                : Math.min((double) tw / sw, (double) th / sh);
        return enlarge ? scale : Math.min(scale, 1);
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
