package io.mediaopt.media;

import java.util.List;

/**
 * How a preset encodes images. {@code strategies} are tried in order (the first that encodes
 * wins); {@code animatedStrategies} replace them for animated inputs.
 */
public record ImageSettings(
        int maxWidth,
        int webpQuality,
        int avifQuality,
        int jpegQuality,
        List<Strategy> strategies,
        List<Strategy> animatedStrategies) {

    public ImageSettings {
        strategies = List.copyOf(strategies);
        animatedStrategies = List.copyOf(animatedStrategies);
    }
}
