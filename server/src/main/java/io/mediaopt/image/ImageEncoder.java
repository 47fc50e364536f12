package io.mediaopt.image;

import io.mediaopt.image.vips.Chroma;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsException;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.image.vips.Watchdog;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.MediaFormat.Carries;
import io.mediaopt.media.Placeholder;
import io.mediaopt.media.Strategy;
import io.mediaopt.placeholders.Placeholders;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code encode} step's encoder: one image with one strategy at a time: decode (shrinking on load), fit the preset's
 * width, turn upright, convert to sRGB, save without metadata. Each attempt builds a fresh
 * pipeline because a sequentially read file can only be streamed through once.
 */
final class ImageEncoder {
    /** Encoder effort, 0 (fast) to 9 (small); the libvips defaults balance the two. */
    private static final int WEBP_EFFORT = 4;
    private static final int AVIF_EFFORT = 4;
    /** For a format without alpha (JPEG): transparent pixels become white, as on most web pages. */
    private static final double FLATTEN_BACKGROUND = 255;
    /** Below this a side is a thumbnail or icon: a few hundred bytes, not worth encoding twice. */
    private static final int MIN_SEARCH_SIDE = 32;
    /** Beyond 1920 x 4000 the picture is kept out of memory and gets the preset's quality. */
    private static final long MAX_SEARCH_PIXELS = 1920L * 4000;

    private final Vips vips;
    private final Path source;
    private final ImageHeader header;
    private final ImageSettings settings;
    private final Watchdog watchdog;
    private final QualityMode qualityMode;

    ImageEncoder(Vips vips, Path source, ImageHeader header, ImageSettings settings, Watchdog watchdog,
                 QualityMode qualityMode) {
        this.vips = vips;
        this.source = source;
        this.header = header;
        this.settings = settings;
        this.watchdog = watchdog;
        this.qualityMode = qualityMode;
    }

    /**
     * Size of the picture written (for an animation, of one frame), the quality it was saved
     * at (null for PNG), its SSIMULACRA 2 score when one was measured, and its placeholder when
     * the picture was in memory for the search (null otherwise: it is then made from the file).
     */
    record Encoded(int width, int height, Integer quality, Optional<Search> search) {
        /** What a quality search measured: the output's score (null when not scored), the picture's placeholder. */
        record Search(Double score, Placeholder placeholder) {}

        /** Written losslessly (PNG): no quality, no score. */
        static Encoded lossless(int width, int height) {
            return new Encoded(width, height, null, Optional.empty());
        }

        /** Saved at a quality chosen without scoring the output. */
        static Encoded atQuality(int width, int height, int quality) {
            return new Encoded(width, height, quality, Optional.empty());
        }

        /** Saved at the quality the search found, with the placeholder of the picture it held. */
        static Encoded searched(int width, int height, CheckedQuality.Found found, Placeholder placeholder) {
            return new Encoded(width, height, found.quality(), Optional.of(new Search(found.score(), placeholder)));
        }

        Double score() {
            return search.map(Search::score).orElse(null);
        }

        Placeholder placeholder() {
            return search.map(Search::placeholder).orElse(null);
        }
    }

    Encoded encode(Strategy strategy, Path output) {
        List<VipsImage> opened = new ArrayList<>();
        try {
            VipsImage image = decode(opened);
            Carries carries = strategy.output().carries();
            boolean keepsFrames = header.animated() && carries.animation();
            if (header.animated() && !keepsFrames) {
                // a format without animation gets the first frame, not a strip of all
                image = open(opened, vips.extractArea(image, 0, 0, image.width(), image.pageHeight()));
            }
            if (!carries.alpha() && image.hasAlpha()) {
                image = open(opened, vips.flatten(image, FLATTEN_BACKGROUND));
            }
            int width = image.width();
            int height = keepsFrames ? image.pageHeight() : image.height();
            refuseOversize(strategy, width, height);
            if (strategy == Strategy.IMAGE_PNG) {
                stopIfExpired();
                savePng(image, output);
                return Encoded.lossless(width, height);
            }
            if (!searches(keepsFrames, width, height)) {
                int quality = settings.fixedQuality(strategy);
                stopIfExpired();
                save(strategy, image, output, quality);
                return Encoded.atQuality(width, height, quality);
            }
            // quality per file reads the picture more than once: decode it once, into memory
            stopIfExpired();
            VipsImage picture = open(opened, vips.copyMemory(image));
            // a thumbnail of the picture in hand costs a few milliseconds; decoding the output again, ten times that
            Placeholder placeholder = Placeholders.of(vips, picture);
            CheckedQuality.Found found = new CheckedQuality(vips, (in, file, q, chroma) -> save(vips, strategy, in, file,
                    q, chroma, WEBP_EFFORT, AVIF_EFFORT),
                    this::stopIfExpired).find(picture, strategy, settings.search(), settings.fixedQuality(strategy),
                    output);
            return Encoded.searched(width, height, found, placeholder);
        } finally {
            opened.reversed().forEach(VipsImage::close);
        }
    }

    /**
     * The picture as the encoders see it (decoded, fitted, upright, sRGB; the first frame of an
     * animation), saved losslessly: what a perceptual score compares an output with.
     */
    void saveReference(Path output) {
        List<VipsImage> opened = new ArrayList<>();
        try {
            VipsImage image = decode(opened);
            if (header.animated()) {
                image = open(opened, vips.extractArea(image, 0, 0, image.width(), image.pageHeight()));
            }
            stopIfExpired();
            vips.save().png(image, output);
        } finally {
            opened.reversed().forEach(VipsImage::close);
        }
    }

    /**
     * Whether some pixel is not fully opaque: a whole pass through the decoder, so only asked
     * when a strategy that drops alpha is on the list.
     */
    boolean alphaUsed() {
        List<VipsImage> opened = new ArrayList<>();
        try {
            VipsImage image = decode(opened);
            if (!image.hasAlpha()) return false;
            VipsImage alpha = open(opened, vips.extractBand(image, image.bands() - 1));
            stopIfExpired();
            return vips.measure().minimum(alpha) < alpha.maxValue();
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
            vips.measure().average(image);
        } finally {
            opened.reversed().forEach(VipsImage::close);
        }
    }

    private VipsImage decode(List<VipsImage> opened) {
        int maxWidth = settings.maxWidth();
        // thumbnail fits a box; leave the other side free so only the width limits the size
        int boxWidth = header.turnsSideways() ? Vips.MAX_COORD : maxWidth;
        int boxHeight = header.turnsSideways() ? maxWidth : Vips.MAX_COORD;
        VipsImage image;
        if (header.cmyk()) {
            image = open(opened, vips.openForDecode(source));
            image = open(opened, vips.cmykToSrgb(image));
            image = open(opened, vips.thumbnailImage(image, boxWidth, boxHeight));
        } else {
            image = open(opened, thumbnail(vips, source, header, header.animated(), boxWidth, boxHeight));
        }
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

    /** The picture fitted into the box, a JPEG decoded smaller where that loses nothing visible. */
    static VipsImage thumbnail(Vips vips, Path source, ImageHeader header, boolean allPages, int boxWidth,
                               int boxHeight) {
        int shrink = header.jpegShrinkOnLoad(boxWidth, boxHeight);
        if (shrink > 1) return vips.thumbnailJpeg(source, shrink, boxWidth, boxHeight, header.hasIccProfile());
        return vips.thumbnail(source, allPages, boxWidth, boxHeight, header.hasIccProfile());
    }

    /**
     * A quality the request pinned is kept; a request's {@code quality=auto} searches even when
     * the service's mode is fixed. Animations keep the preset's quality (a search would
     * encode every frame several times);
     * so do pictures too small for the metric, and pictures whose in-memory copy would be
     * large (a very tall strip), which the search would hold several times over.
     */
    private boolean searches(boolean animation, int width, int height) {
        return qualityMode.searches(settings) && !animation
                && width >= MIN_SEARCH_SIDE && height >= MIN_SEARCH_SIDE
                && (long) width * height <= MAX_SEARCH_PIXELS;
    }

    private void save(Strategy strategy, VipsImage image, Path output, int quality) {
        save(vips, strategy, image, output, quality, WEBP_EFFORT, AVIF_EFFORT);
    }

    /** Saves with a lossy strategy at {@code quality}, colour halved; WebP and AVIF at these efforts, 0 (fast) up. */
    static void save(Vips vips, Strategy strategy, VipsImage image, Path output, int quality, int webpEffort,
                     int avifEffort) {
        save(vips, strategy, image, output, quality, Chroma.HALVED, webpEffort, avifEffort);
    }

    static void save(Vips vips, Strategy strategy, VipsImage image, Path output, int quality, Chroma chroma,
                     int webpEffort, int avifEffort) {
        switch (strategy) {
            case IMAGE_WEBP -> vips.save().webp(image, output, quality, webpEffort, chroma);
            case IMAGE_AVIF -> vips.save().avif(image, output, quality, avifEffort, chroma);
            case IMAGE_JPEG -> vips.save().jpeg(image, output, quality, chroma);
            default -> throw new IllegalArgumentException("not a lossy image encoding: " + strategy);
        }
    }

    /**
     * A picture the format cannot hold fails as its encoder would, without decoding it for
     * nothing first.
     */
    private static void refuseOversize(Strategy strategy, int width, int height) {
        int max = strategy.output().carries().maxDimension();
        if (width > max || height > max) {
            throw new VipsException(strategy.wireName(), width + "x" + height + " is more than "
                    + strategy.output().description() + " holds (" + max + " pixels a side)");
        }
    }

    /**
     * Lossless first (the pipeline streams once), then that file quantised to a palette; the
     * smaller of the two stays. Screenshots and logos shrink several times; photos may not.
     */
    @SuppressWarnings("Finally") // a palette file left behind is an error worth reporting too
    private void savePng(VipsImage image, Path output) {
        vips.save().png(image, output);
        Path palette = output.resolveSibling("palette-" + output.getFileName());
        List<VipsImage> opened = new ArrayList<>();
        try {
            VipsImage lossless = open(opened, vips.openHeader(output));
            stopIfExpired();
            vips.save().palettePng(lossless, palette, settings.webpQuality());
            if (Files.size(palette) < Files.size(output)) Files.move(palette, output, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            opened.reversed().forEach(VipsImage::close);
            try {
                Files.deleteIfExists(palette);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
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
