package io.mediaopt.image;

import io.mediaopt.image.vips.Chroma;
import io.mediaopt.image.vips.SrgbPixels;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

/**
 * What a picture is made of, in the terms where the preset's one quality fails it: how dark it
 * is, how much of it is flat (fog, sky, smooth gradients, plain backgrounds), and how much of it
 * halved colour would fringe. Measured on the sRGB pixels the encoders get: 8x8 blocks for luma,
 * 2x2 blocks for colour ({@link ColourFringes}).
 *
 * @param meanLuma    mean luma, 0 (black) to 255, with the Rec. 709 weights on the sRGB values
 * @param darkShare   share of blocks whose mean luma is below {@link #DARK_LUMA}
 * @param flatShare   share of blocks whose luma spans at most {@link #FLAT_SPAN} code values
 * @param fringeShare share of pixels whose luma halved colour moves visibly ({@link ColourFringes})
 */
public record PictureTraits(double meanLuma, double darkShare, double flatShare, double fringeShare) {
    static final int BLOCK = 8;
    /** Luma below which a block is dark: the lowest fifth of the sRGB range. */
    static final double DARK_LUMA = 50;
    /** A block spanning at most this many luma code values is flat: a gradient's few steps. */
    static final double FLAT_SPAN = 6;
    /** Rows of the picture read at a time: a whole number of blocks, and of 2x2 blocks. */
    static final int STRIP_ROWS = 64;
    /** Luma is summed in integers, in this many parts of a code value (Rec. 709's weights have four places). */
    private static final int LUMA_SCALE = 10_000;

    /**
     * A picture with this share of dark blocks or more is checked: night, low light, dark renders.
     * Fitted by bench/quality-rule.sh on the quality corpus's training pictures, as the two below.
     */
    static final double DARK_SHARE = 0.24;
    /**
     * A picture with this share of flat blocks or more (fog, sky, gradients, plain ground) is
     * checked: above any share, as no training picture fails for flatness alone.
     */
    static final double FLAT_SHARE = 1.01;
    /**
     * A picture with this share of fringing pixels or more keeps its colour: on the quality corpus
     * one picture, a red ribbon on blue, has 0.19–0.58 % (1920 to 720 px wide), and no other more
     * than 0.06 %.
     */
    static final double FRINGE_SHARE = 0.001;

    /**
     * Whether the preset's one quality may fail this picture: where WebP and AVIF melt dark detail
     * into blocks at the quality that serves other pictures. On the training pictures of the
     * quality corpus, the four that the presets' qualities leave under the target are dark (a
     * seascape at dusk, a forest path in shade); checking each picture with a quarter of dark
     * blocks or more catches them and checks 30 of 69 (pictures times presets). Lettering on
     * strong colour and fringing edges are left to {@link #chroma()}.
     */
    boolean atRisk() {
        return darkShare >= DARK_SHARE || flatShare >= FLAT_SHARE;
    }

    /**
     * Whether the picture's colour must be kept ({@link Chroma#KEPT}): halved, its saturated edges
     * fringe at every quality (butteraugli 8.7 at WebP 80 and 8.4 at 95 on the ribbon; 4.2 with
     * sharp YUV at 80, for 12 % more bytes), and SSIMULACRA 2, which weighs colour at full size
     * next to nothing, does not see it.
     */
    public Chroma chroma() {
        return fringeShare >= FRINGE_SHARE ? Chroma.KEPT : Chroma.HALVED;
    }

    /**
     * The traits of a picture held in memory, read {@link #STRIP_ROWS} rows at a time: a picture
     * that is then encoded unscored is never copied whole onto the Java heap.
     */
    public static PictureTraits of(Vips vips, VipsImage picture) {
        Measure measure = new Measure();
        for (int top = 0; top < picture.height(); top += STRIP_ROWS) {
            try (VipsImage strip = vips.extractArea(picture, 0, top, picture.width(),
                    Math.min(STRIP_ROWS, picture.height() - top))) {
                measure.add(vips.measure().srgbPixels(strip));
            }
        }
        return measure.result();
    }

    static PictureTraits of(SrgbPixels pixels) {
        Measure measure = new Measure();
        measure.add(pixels);
        return measure.result();
    }

    /** The traits summed over strips of a picture, from the top, each a whole number of blocks high but the last. */
    private static final class Measure {
        // luma in ten-thousandths of a code value, in integers: the weights are given to four places
        private static final long DARK_BELOW = Math.round(DARK_LUMA * BLOCK * BLOCK * LUMA_SCALE);
        private static final long FLAT_WITHIN = Math.round(FLAT_SPAN * LUMA_SCALE);
        private long lumaSum, dark, flat, blocks, fringed, pixels;

        void add(SrgbPixels strip) {
            int w = strip.width(), h = strip.height(), bands = strip.bands();
            byte[] bytes = strip.bytes();
            boolean colour = bands >= 3;
            for (int by = 0; by + BLOCK <= h; by += BLOCK) {
                for (int bx = 0; bx + BLOCK <= w; bx += BLOCK) {
                    long blockSum = 0;
                    int min = Integer.MAX_VALUE, max = 0;
                    for (int y = by; y < by + BLOCK; y++) {
                        int i = (y * w + bx) * bands;
                        for (int x = 0; x < BLOCK; x++, i += bands) {
                            int r = bytes[i] & 0xff;
                            int luma = colour ? 2126 * r + 7152 * (bytes[i + 1] & 0xff) + 722 * (bytes[i + 2] & 0xff)
                                    : LUMA_SCALE * r;
                            blockSum += luma;
                            min = Math.min(min, luma);
                            max = Math.max(max, luma);
                        }
                    }
                    lumaSum += blockSum;
                    if (blockSum < DARK_BELOW) dark++;
                    if (max - min <= FLAT_WITHIN) flat++;
                    blocks++;
                }
            }
            fringed += ColourFringes.count(strip);
            pixels += (long) w * h;
        }

        PictureTraits result() {
            double fringes = pixels == 0 ? 0 : (double) fringed / pixels;
            if (blocks == 0) return new PictureTraits(128, 0, 0, fringes);
            return new PictureTraits((double) lumaSum / LUMA_SCALE / (blocks * BLOCK * BLOCK),
                    (double) dark / blocks, (double) flat / blocks, fringes);
        }
    }
}
