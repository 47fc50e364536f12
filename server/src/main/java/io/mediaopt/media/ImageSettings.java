package io.mediaopt.media;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;

/**
 * How a preset encodes images. {@code strategies} are tried in order (the first that encodes
 * wins); {@code animatedStrategies} replace them for animated inputs. The fixed qualities are
 * used where no search runs (animations, tiny pictures, search switched off) and are where a
 * search starts; {@code search} says what it looks for, null when the qualities are pinned (no
 * search runs, whatever the service's quality mode). {@code searchAsked}: a request asked for
 * {@code quality=auto}, so the search runs even where the service's mode is fixed: a request's
 * choice, not the preset's, so the presets listing leaves it out.
 */
public record ImageSettings(
        int maxWidth,
        int webpQuality,
        int avifQuality,
        int jpegQuality,
        List<Strategy> strategies,
        List<Strategy> animatedStrategies,
        ImageQuality search,
        @JsonIgnore boolean searchAsked) {

    public ImageSettings {
        strategies = List.copyOf(strategies);
        animatedStrategies = List.copyOf(animatedStrategies);
        if (search == null) searchAsked = false;
    }

    /** A preset's settings: searched or not as the service's quality mode says. */
    public ImageSettings(int maxWidth, int webpQuality, int avifQuality, int jpegQuality, List<Strategy> strategies,
                         List<Strategy> animatedStrategies, ImageQuality search) {
        this(maxWidth, webpQuality, avifQuality, jpegQuality, strategies, animatedStrategies, search, false);
    }

    /** Whether a search may choose the quality per file; not when a request pinned it. */
    public boolean searches() {
        return search != null;
    }

    /** The same settings fitting pictures to this width. */
    public ImageSettings withMaxWidth(int width) {
        return new ImageSettings(width, webpQuality, avifQuality, jpegQuality, strategies, animatedStrategies, search,
                searchAsked);
    }

    /** The same settings trying these encodings, for stills and for animations. */
    public ImageSettings withStrategies(List<Strategy> stills, List<Strategy> animations) {
        return new ImageSettings(maxWidth, webpQuality, avifQuality, jpegQuality, stills, animations, search,
                searchAsked);
    }

    /** The same settings searched per file even on a service whose quality mode is fixed. */
    public ImageSettings withSearchAsked() {
        return new ImageSettings(maxWidth, webpQuality, avifQuality, jpegQuality, strategies, animatedStrategies, search,
                true);
    }

    /** The same settings encoding every lossy format (and quantising PNG) at this quality, with no search. */
    public ImageSettings pinnedAt(int quality) {
        return new ImageSettings(maxWidth, quality, quality, quality, strategies, animatedStrategies, null);
    }

    /** The fixed quality of a lossy strategy. */
    public int fixedQuality(Strategy strategy) {
        return switch (strategy) {
            case IMAGE_WEBP -> webpQuality;
            case IMAGE_AVIF -> avifQuality;
            case IMAGE_JPEG -> jpegQuality;
            default -> throw new IllegalArgumentException("no quality setting for " + strategy);
        };
    }
}
