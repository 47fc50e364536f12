package io.mediaopt.image;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.TrailingData;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code chooseFormats} step. The encodings to try for one still image, in order, from its preset's list: none that cannot
 * take the picture's size, and none that would drop a transparency the picture uses while a
 * format that keeps it is left. WebP stops at 16383 pixels a side (a long phone screenshot is
 * taller), AVIF at 16384 x 8704. PNG (quantised when that is smaller) is the presets' format for transparent pictures
 * only, unless it is their only format: an opaque picture is smaller as JPEG. JPEG has no alpha, so for a transparent picture it
 * comes last, laid on white, for when nothing that keeps the alpha could encode it. And whether
 * the input itself may stand in for them when they all come out larger.
 */
final class StrategyChoice {
    /** libwebp's limit on either side. */
    static final int WEBP_MAX_SIDE = 16383;
    /**
     * The largest picture AV1's levels define (level 6, MaxHSize x MaxVSize). libheif encodes
     * taller pictures without complaint, but a 720x13333 AVIF it wrote here it could not decode
     * again (8704 and 11481 tall decoded, 12593 did not).
     */
    static final int AVIF_MAX_WIDTH = 16384;
    static final int AVIF_MAX_HEIGHT = 8704;

    /** Size of the picture an encoder would write. */
    record Size(int width, int height) {}

    /**
     * The strategies to try, in order, and why the input may not stand in for them when they all
     * come out larger (empty when it may).
     */
    record Formats(List<Strategy> order, Optional<String> originalRefusal) {
        /**
         * The size an encoding must come under to be kept: the input's, or, for an input that may not
         * stand in for its encodings, none (the first encoding is kept, whatever its size).
         */
        long sizeToBeat(long inputBytes) {
            return originalRefusal.isEmpty() ? inputBytes : Long.MAX_VALUE;
        }
    }

    private StrategyChoice() {}

    /**
     * The formats for an image: an animation's from the preset's animated list as it stands, a
     * still's by {@link #forStill}; the input may stand in only when nothing follows the image in
     * its file (a polyglot's second face) and {@link #originalRefusal} finds nothing.
     */
    static Formats choose(ImageHeader header, UprightPicture picture, ImageSettings settings, Path input) {
        List<Strategy> order = header.animated() ? settings.animatedStrategies()
                : forStill(settings.strategies(), picture.alphaUsed(), picture.outputSize());
        Optional<String> refusal = originalRefusal(header, order, settings).or(() ->
                TrailingData.isAbsent(input, header.format()) ? Optional.empty() : Optional.of("other data follows it"));
        return new Formats(order, refusal);
    }

    static List<Strategy> forStill(List<Strategy> preset, boolean alphaUsed, Size output) {
        List<Strategy> chosen = new ArrayList<>();
        for (Strategy strategy : preset) {
            if (!fits(strategy, output)) continue;
            if (strategy == Strategy.IMAGE_PNG && !alphaUsed) continue;
            if (alphaUsed && !keepsAlpha(strategy)) continue;
            chosen.add(strategy);
        }
        if (alphaUsed) preset.stream().filter(s -> !keepsAlpha(s)).forEach(chosen::add);
        // a preset of PNG alone gets PNG, transparent or not
        if (chosen.isEmpty() && preset.contains(Strategy.IMAGE_PNG)) chosen.add(Strategy.IMAGE_PNG);
        return List.copyOf(chosen);
    }

    static boolean fits(Strategy strategy, Size output) {
        return switch (strategy) {
            case IMAGE_WEBP -> Math.max(output.width(), output.height()) <= WEBP_MAX_SIDE;
            case IMAGE_AVIF -> output.width() <= AVIF_MAX_WIDTH && output.height() <= AVIF_MAX_HEIGHT;
            default -> true;
        };
    }

    static boolean keepsAlpha(Strategy strategy) {
        return strategy != Strategy.IMAGE_JPEG;
    }

    /** Whether any strategy of the list would drop an alpha channel. */
    static boolean anyDropsAlpha(List<Strategy> strategies) {
        return strategies.stream().anyMatch(s -> !keepsAlpha(s));
    }

    /**
     * The size the encoders write: the displayed picture fitted to {@code maxWidth}, never
     * enlarged, as libvips' thumbnail rounds it.
     */
    static Size outputSize(ImageHeader header, int maxWidth) {
        int width = header.displayedWidth();
        int height = header.displayedHeight();
        if (width <= maxWidth) return new Size(width, height);
        return new Size(maxWidth, (int) Math.round((double) height * maxWidth / width));
    }

    /**
     * The input may stand in for an encoding when a browser gets what the preset delivers anyway:
     * same format, not wider, already upright, and nothing in it that the service promises to
     * strip (EXIF beyond the technical basics, GPS, XMP, IPTC, comments). The caller also makes
     * sure nothing follows the image in the file (a polyglot's second face).
     *
     * @return why it may not, in words for the API's user; empty when it may
     */
    static Optional<String> originalRefusal(ImageHeader header, List<Strategy> strategies, ImageSettings settings) {
        if (strategies.stream().noneMatch(s -> s.output() == header.format())) {
            return Optional.of("its format, " + header.format().shortName() + ", is not one the preset delivers");
        }
        if (header.displayedWidth() > settings.maxWidth()) {
            return Optional.of("it is wider than the " + settings.maxWidth() + " pixels asked for");
        }
        if (header.needsRotation()) return Optional.of("it must be turned upright");
        if (header.hasPrivateMetadata()) {
            return Optional.of("it carries metadata the service strips: GPS, XMP, IPTC, comments or more than basic EXIF");
        }
        return Optional.empty();
    }
}
