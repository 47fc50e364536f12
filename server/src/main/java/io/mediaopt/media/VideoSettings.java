package io.mediaopt.media;

import java.util.List;

/**
 * How a preset encodes videos: constant-quality {@code crf} with the bitrate capped at
 * {@code maxBitrateKbps}; {@code strategies} are tried in order. {@code quality}, when present,
 * is what the per-file CRF search aims at; without it every video gets {@code crf}.
 */
public record VideoSettings(
        int maxWidth,
        int crf,
        int maxBitrateKbps,
        int audioBitrateKbps,
        List<Strategy> strategies,
        VideoQuality quality) {

    /** The narrowest output: 4:2:0 needs even sides, and ffmpeg's scale reads a width of 0 as "keep". */
    public static final int MIN_WIDTH = 2;

    public VideoSettings {
        if (maxWidth < MIN_WIDTH) throw new IllegalArgumentException("maxWidth under " + MIN_WIDTH + ": " + maxWidth);
        strategies = List.copyOf(strategies);
    }

    /** Settings with one CRF for every video. */
    public VideoSettings(int maxWidth, int crf, int maxBitrateKbps, int audioBitrateKbps, List<Strategy> strategies) {
        this(maxWidth, crf, maxBitrateKbps, audioBitrateKbps, strategies, null);
    }

    /** The same settings scaling pictures to this width at most. */
    public VideoSettings withMaxWidth(int width) {
        return new VideoSettings(width, crf, maxBitrateKbps, audioBitrateKbps, strategies, quality);
    }

    /** The same settings trying these encodings. */
    public VideoSettings withStrategies(List<Strategy> list) {
        return new VideoSettings(maxWidth, crf, maxBitrateKbps, audioBitrateKbps, list, quality);
    }

    /** The same settings with the video bitrate capped at this. */
    public VideoSettings withMaxBitrate(int kbps) {
        return new VideoSettings(maxWidth, crf, kbps, audioBitrateKbps, strategies, quality);
    }

    /** The same settings encoding at this CRF. */
    public VideoSettings withCrf(int value) {
        return new VideoSettings(maxWidth, value, maxBitrateKbps, audioBitrateKbps, strategies, quality);
    }
}
