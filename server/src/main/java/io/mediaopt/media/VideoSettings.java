package io.mediaopt.media;

import java.util.List;

/**
 * How a preset encodes videos: constant-quality {@code crf} with the bitrate capped at
 * {@code maxBitrateKbps}; {@code strategies} are tried in order.
 */
public record VideoSettings(
        int maxWidth,
        int crf,
        int maxBitrateKbps,
        int audioBitrateKbps,
        List<Strategy> strategies) {

    public VideoSettings {
        strategies = List.copyOf(strategies);
    }

    /** The same settings scaling pictures to this width at most. */
    public VideoSettings withMaxWidth(int width) {
        return new VideoSettings(width, crf, maxBitrateKbps, audioBitrateKbps, strategies);
    }

    /** The same settings trying these encodings. */
    public VideoSettings withStrategies(List<Strategy> list) {
        return new VideoSettings(maxWidth, crf, maxBitrateKbps, audioBitrateKbps, list);
    }
}
