package io.mediaopt.placeholders;

import io.mediaopt.image.vips.SrgbPixels;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.media.Placeholder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The placeholder of a picture ({@link Placeholder}), from a thumbnail of at most
 * {@link #THUMBNAIL_SIDE} pixels a side: of a picture already decoded in memory (a responsive
 * set's, a poster's), or of an encoded file, which libvips shrinks while it decodes where the
 * format allows (JPEG, WebP). Transparent pixels are laid on white, as a page mostly shows them.
 * A few milliseconds a picture (docs/benchmarks.md, Placeholders).
 */
public final class Placeholders {
    /** The BlurHash is a handful of cosines: a picture this small holds all of them, and costs nothing to read. */
    static final int THUMBNAIL_SIDE = 32;
    /** Components along the longer side; the shorter side gets as many as its share of it, rounded up. */
    static final int LONG_SIDE_COMPONENTS = 4;

    private Placeholders() {}

    /** The placeholder of a picture held in memory (decoded, upright, sRGB). */
    public static Placeholder of(Vips vips, VipsImage picture) {
        List<VipsImage> steps = new ArrayList<>();
        try {
            VipsImage small = step(steps, vips.thumbnailImage(picture, THUMBNAIL_SIDE, THUMBNAIL_SIDE));
            return of(pixels(vips, small, steps));
        } finally {
            steps.reversed().forEach(VipsImage::close);
        }
    }

    /** The placeholder of an encoded picture file, turned upright as a browser shows it; its first frame for an animation. */
    public static Placeholder of(Vips vips, Path file) {
        Vips decoder = vips.forFile(file);
        List<VipsImage> steps = new ArrayList<>();
        try {
            VipsImage small = step(steps, decoder.thumbnail(file, false, THUMBNAIL_SIDE, THUMBNAIL_SIDE, false));
            small = step(steps, decoder.copyMemory(small));
            small = step(steps, decoder.autorotate(small));
            return of(pixels(decoder, small, steps));
        } finally {
            steps.reversed().forEach(VipsImage::close);
        }
    }

    /** The placeholder of a thumbnail's sRGB pixels (alpha, if any, is not read). */
    public static Placeholder of(SrgbPixels thumbnail) {
        int w = thumbnail.width(), h = thumbnail.height();
        int longer = Math.max(w, h), shorter = Math.min(w, h);
        int across = (int) Math.ceil((double) LONG_SIDE_COMPONENTS * shorter / longer);
        int x = w >= h ? LONG_SIDE_COMPONENTS : across;
        int y = w >= h ? across : LONG_SIDE_COMPONENTS;
        return new Placeholder(BlurHash.encode(thumbnail.bytes(), w, h, thumbnail.bands(), x, y),
                DominantColor.of(thumbnail.bytes(), w, h, thumbnail.bands()));
    }

    private static SrgbPixels pixels(Vips vips, VipsImage small, List<VipsImage> steps) {
        VipsImage opaque = small.hasAlpha() ? step(steps, vips.flatten(small, small.maxValue())) : small;
        return vips.measure().srgbPixels(opaque);
    }

    private static VipsImage step(List<VipsImage> steps, VipsImage image) {
        steps.add(image);
        return image;
    }
}
