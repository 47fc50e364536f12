package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsException;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.image.vips.Watchdog;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Placeholder;
import io.mediaopt.media.Strategy;
import io.mediaopt.placeholders.Placeholders;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One image decoded once, upright and in sRGB, at most {@code maxWidth} wide and held in memory,
 * then encoded at several widths and formats: the responsive set of an image, or a video's
 * poster. Each encoding gets the preset's quality, or with {@link QualityMode#AUTO} the lowest
 * that meets the preset's perceptual target. Everything runs under one time limit.
 */
public final class ImageLadder implements AutoCloseable {
    /** For a format without alpha: transparent pixels become white, as in the main encoding. */
    private static final double FLATTEN_BACKGROUND = 255;
    private static final int MIN_SEARCH_SIDE = 32;
    /*
     * A set encodes every width in three formats, so the modern two get faster efforts than the
     * main encoding's 4. 1920x1440 photo, quality 50 (AVIF) and 80 (WebP), 2-core target: AVIF
     * effort 4 3.0 s 50.5 kB, effort 0 0.05 to 0.12 s 57.7 kB; WebP effort 4 0.18 s 161.5 kB,
     * effort 2 0.09 s 166.6 kB.
     */
    private static final int WEBP_EFFORT = 2;
    private static final int AVIF_EFFORT = 0;

    private final Vips vips;
    private final ImageSettings settings;
    private final QualityMode qualityMode;
    private final Watchdog watchdog;
    private final List<VipsImage> opened = new ArrayList<>();
    private final VipsImage picture;

    /** The width, height and quality of one encoding (quality null for PNG). */
    public record Rung(int width, int height, Integer quality) {}

    private ImageLadder(Vips vips, Path file, int maxWidth, ImageSettings settings, QualityMode qualityMode,
                        Duration timeout) {
        this.vips = vips;
        this.settings = settings;
        this.qualityMode = qualityMode;
        this.watchdog = Watchdog.start(timeout);
        this.picture = decode(file, maxWidth);
    }

    /** Decodes {@code file}, a file the service already accepted as an image; its first frame for an animation. */
    public static ImageLadder open(Vips vips, Path file, int maxWidth, ImageSettings settings, QualityMode qualityMode,
                                   Duration timeout) {
        return new ImageLadder(vips.forFile(file), file, maxWidth, settings, qualityMode, timeout);
    }

    public int width() {
        return picture.width();
    }

    public int height() {
        return picture.height();
    }

    public boolean hasAlpha() {
        return picture.hasAlpha();
    }

    /** The placeholder of the picture, from a thumbnail of it as it is held in memory. */
    public Placeholder placeholder() {
        stopIfExpired();
        return Placeholders.of(vips, picture);
    }

    /**
     * Whether the format of {@code strategy} holds the picture shrunk to {@code width} (never
     * enlarged), as the single image's choice of formats asks ({@link StrategyChoice#fits}).
     */
    public boolean fits(Strategy strategy, int width) {
        int w = Math.min(width, picture.width());
        int h = (int) Math.ceil((double) picture.height() * w / picture.width());
        return StrategyChoice.fits(strategy, new StrategyChoice.Size(w, h));
    }

    /** Encodes the picture shrunk to {@code width} (never enlarged) with {@code strategy} into {@code output}. */
    public Rung encode(Strategy strategy, int width, Path output) {
        List<VipsImage> steps = new ArrayList<>();
        try {
            VipsImage image = width >= picture.width() ? picture : step(steps, vips.thumbnailImage(picture, width));
            if (!strategy.output().carries().alpha() && image.hasAlpha()) {
                image = step(steps, vips.flatten(image, FLATTEN_BACKGROUND));
            }
            stopIfExpired();
            if (strategy == Strategy.IMAGE_PNG) {
                vips.save().png(image, output);
                return new Rung(image.width(), image.height(), null);
            }
            int quality = settings.fixedQuality(strategy);
            if (!qualityMode.searches(settings) || image.width() < MIN_SEARCH_SIDE || image.height() < MIN_SEARCH_SIDE) {
                ImageEncoder.save(vips, strategy, image, output, quality, WEBP_EFFORT, AVIF_EFFORT);
                return new Rung(image.width(), image.height(), quality);
            }
            VipsImage held = step(steps, vips.copyMemory(image));
            CheckedQuality.Found found = new CheckedQuality(vips,
                    (in, file, q, chroma) -> ImageEncoder.save(vips, strategy, in, file, q, chroma, WEBP_EFFORT,
                            AVIF_EFFORT),
                    this::stopIfExpired).find(held, strategy, settings.search(), quality, output);
            return new Rung(held.width(), held.height(), found.quality());
        } finally {
            steps.reversed().forEach(VipsImage::close);
        }
    }

    private VipsImage decode(Path file, int maxWidth) {
        try (VipsImage headerImage = vips.openHeader(file)) {
            ImageHeader header = ImageHeader.read(headerImage)
                    .orElseThrow(() -> new VipsException("header", "not an image the service accepts"));
            int boxWidth = header.turnsSideways() ? Vips.MAX_COORD : maxWidth;
            int boxHeight = header.turnsSideways() ? maxWidth : Vips.MAX_COORD;
            VipsImage image = step(opened, ImageEncoder.thumbnail(vips, file, header, false, boxWidth, boxHeight));
            stopIfExpired();
            image = step(opened, vips.copyMemory(image));
            if (header.needsRotation()) image = step(opened, vips.copyMemory(step(opened, vips.autorotate(image))));
            return image;
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private void stopIfExpired() {
        if (watchdog.expired()) throw new VipsException("evaluation", "time limit reached");
    }

    private VipsImage step(List<VipsImage> list, VipsImage image) {
        list.add(image);
        return watchdog.watch(image);
    }

    @Override
    public void close() {
        opened.reversed().forEach(VipsImage::close);
        opened.clear();
        watchdog.close();
    }
}
