package io.mediaopt.image;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Strategy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes one image with one strategy at a time: decode (shrinking on load), fit the preset's
 * width, turn upright, convert to sRGB, save without metadata. Each attempt builds a fresh
 * pipeline because a sequentially read file can only be streamed through once.
 */
final class ImageEncoder {
    /** Encoder effort, 0 (fast) to 9 (small); the libvips defaults balance the two. */
    private static final int WEBP_EFFORT = 4;
    private static final int AVIF_EFFORT = 4;
    /** JPEG has no alpha: transparent pixels become white, as on most web pages. */
    private static final double FLATTEN_BACKGROUND = 255;

    private final Vips vips;
    private final Path source;
    private final ImageHeader header;
    private final ImageSettings settings;
    private final Watchdog watchdog;

    ImageEncoder(Vips vips, Path source, ImageHeader header, ImageSettings settings, Watchdog watchdog) {
        this.vips = vips;
        this.source = source;
        this.header = header;
        this.settings = settings;
        this.watchdog = watchdog;
    }

    /** Size of the picture written: for an animation, of one frame. */
    record Size(int width, int height) {}

    Size encode(Strategy strategy, Path output) {
        List<VipsImage> opened = new ArrayList<>();
        try {
            VipsImage image = decode(opened);
            boolean keepsFrames = header.animated() && strategy == Strategy.IMAGE_WEBP;
            if (header.animated() && !keepsFrames) {
                // only WebP animates here: other formats get the first frame, not a strip of all
                image = open(opened, vips.extractArea(image, 0, 0, image.width(), image.pageHeight()));
            }
            if (strategy == Strategy.IMAGE_JPEG && image.hasAlpha()) {
                image = open(opened, vips.flatten(image, FLATTEN_BACKGROUND));
            }
            Size size = new Size(image.width(), keepsFrames ? image.pageHeight() : image.height());
            stopIfExpired();
            save(strategy, image, output);
            return size;
        } finally {
            opened.reversed().forEach(VipsImage::close);
        }
    }

    /**
     * Pulls every pixel through the decoder without encoding. Run after an encoder failed, it
     * tells a broken file (this throws) from an encoder that could not cope (this passes).
     */
    void checkDecodes() {
        List<VipsImage> opened = new ArrayList<>();
        try {
            VipsImage image = decode(opened);
            stopIfExpired();
            vips.average(image);
        } finally {
            opened.reversed().forEach(VipsImage::close);
        }
    }

    private VipsImage decode(List<VipsImage> opened) {
        int maxWidth = settings.maxWidth();
        // thumbnail fits a box; leave the other side free so only the width limits the size
        int boxWidth = header.turnsSideways() ? Vips.MAX_COORD : maxWidth;
        int boxHeight = header.turnsSideways() ? maxWidth : Vips.MAX_COORD;
        VipsImage image = open(opened, vips.thumbnail(
                source, header.animated(), boxWidth, boxHeight, header.hasIccProfile()));
        if (header.needsRotation()) {
            // rotating needs random access to pixels a sequential read streams only once, so
            // the shrunk picture is held in memory first (as vips_thumbnail itself would do,
            // but here the watchdog can kill the copy)
            stopIfExpired();
            image = open(opened, vips.copyMemory(image));
            image = open(opened, vips.autorotate(image));
        }
        return image;
    }

    private void save(Strategy strategy, VipsImage image, Path output) {
        switch (strategy) {
            case IMAGE_WEBP -> vips.saveWebp(image, output, settings.webpQuality(), WEBP_EFFORT);
            case IMAGE_AVIF -> vips.saveAvif(image, output, settings.avifQuality(), AVIF_EFFORT);
            case IMAGE_JPEG -> vips.saveJpeg(image, output, settings.jpegQuality());
            case IMAGE_PNG -> vips.savePng(image, output);
            default -> throw new IllegalArgumentException("not an image encoding: " + strategy);
        }
    }

    /**
     * A kill that lands before an evaluation starts may be cleared by it (libvips resets the
     * flag of the image a sink starts on), so time is also checked before each one.
     */
    private void stopIfExpired() {
        if (watchdog.expired()) throw new VipsException("evaluation", "time limit reached before it started");
    }

    private VipsImage open(List<VipsImage> opened, VipsImage image) {
        opened.add(image);
        return watchdog.watch(image);
    }
}
