package io.mediaopt.media;

import java.util.List;

/**
 * How a preset encodes images. {@code strategies} are tried in order (the first that encodes
 * wins); {@code animatedStrategies} replace them for animated inputs. The fixed qualities are
 * used where no search runs (animations, tiny pictures, search switched off) and are where a
 * search starts; {@code search} says what it looks for.
 */
public record ImageSettings(
        int maxWidth,
        int webpQuality,
        int avifQuality,
        int jpegQuality,
        List<Strategy> strategies,
        List<Strategy> animatedStrategies,
        ImageQuality search) {

    public ImageSettings {
        strategies = List.copyOf(strategies);
        animatedStrategies = List.copyOf(animatedStrategies);
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
