package io.mediaopt.media;

import java.util.List;

/**
 * How a preset encodes videos: constant-quality {@code crf} with the bitrate capped at
 * {@code maxBitrateKbps}; {@code strategies} are tried in order. {@code quality}, when present,
 * is what the per-file CRF search aims at; without it every video gets {@code crf}. {@code av1}
 * is how the preset encodes AV1 when asked to ({@link #asAv1()}).
 */
public record VideoSettings(
        int maxWidth,
        int crf,
        int maxBitrateKbps,
        int audioBitrateKbps,
        List<Strategy> strategies,
        VideoQuality quality,
        Av1Settings av1) {

    /** The web preset's AV1 (SVT-AV1 preset 10, CRF 38, 3000 kb/s; see {@link Presets}), for settings that name none. */
    public static final Av1Settings DEFAULT_AV1 = new Av1Settings(10, 38, 3000);

    /** The narrowest output: 4:2:0 needs even sides, and ffmpeg's scale reads a width of 0 as "keep". */
    public static final int MIN_WIDTH = 2;

    public VideoSettings {
        if (maxWidth < MIN_WIDTH) throw new IllegalArgumentException("maxWidth under " + MIN_WIDTH + ": " + maxWidth);
        strategies = List.copyOf(strategies);
        if (av1 == null) av1 = DEFAULT_AV1;
    }

    /** Settings with the default AV1 settings. */
    public VideoSettings(int maxWidth, int crf, int maxBitrateKbps, int audioBitrateKbps, List<Strategy> strategies,
                         VideoQuality quality) {
        this(maxWidth, crf, maxBitrateKbps, audioBitrateKbps, strategies, quality, null);
    }

    /** Settings with one CRF for every video (no quality to search for), and the default AV1 settings. */
    public VideoSettings(int maxWidth, int crf, int maxBitrateKbps, int audioBitrateKbps, List<Strategy> strategies) {
        this(maxWidth, crf, maxBitrateKbps, audioBitrateKbps, strategies, null, DEFAULT_AV1);
    }

    /** The same settings scaling pictures to this width at most. */
    public VideoSettings withMaxWidth(int width) {
        return new VideoSettings(width, crf, maxBitrateKbps, audioBitrateKbps, strategies, quality, av1);
    }

    /** The same settings trying these encodings. */
    public VideoSettings withStrategies(List<Strategy> list) {
        return new VideoSettings(maxWidth, crf, maxBitrateKbps, audioBitrateKbps, list, quality, av1);
    }

    /** The same settings with the video bitrate capped at this. */
    public VideoSettings withMaxBitrate(int kbps) {
        return new VideoSettings(maxWidth, crf, kbps, audioBitrateKbps, strategies, quality);
    }

    /** The same settings encoding at this CRF. */
    public VideoSettings withCrf(int value) {
        return new VideoSettings(maxWidth, value, maxBitrateKbps, audioBitrateKbps, strategies, quality, av1);
    }

    /** The same settings encoding AV1 in MP4 only, at {@link #av1()} (the CRF search is for the preset's own codec). */
    public VideoSettings asAv1() {
        return av1.applyTo(this);
    }
}
