package io.mediaopt.media;

import java.util.List;

/**
 * How a preset encodes AV1 beside its H.264 ({@code format=av1}, {@link Strategy#VIDEO_MP4_AV1}):
 * SVT-AV1's speed preset (0 slowest to 13), its constant rate factor (its own 0 to 63 scale)
 * and the bitrate cap. The values are chosen in {@link Presets} from the measurements kept there.
 */
public record Av1Settings(int svtPreset, int crf, int maxBitrateKbps) {
    /**
     * SVT-AV1's level of parallelism, sized for 2 cores: its threads and the frames in flight
     * grow with it, and its default follows the machine's cores. A 4 s 1080p encode at preset
     * 10 peaked at 505 MB resident with 2, 417 MB with 1, for the same CPU time. The 10 s 1080p
     * clip of bench/av1.sh at the web preset's settings: 511 MB and 17.2 s of CPU (x264 at web:
     * 262 MB, 15.3 s). A 30 s 1080p clip took 44.8 s of CPU and 37.8 s of wall time on the shared
     * 2-core machine, 533 MB at its peak: within the default video timeout of 240 s six times over.
     */
    public static final int SVT_PARALLELISM = 2;
    /** SVT-AV1 refuses a picture narrower or lower than this many pixels. */
    public static final int MIN_SIDE = 64;
    /** Why there is no AV1 of a picture under {@link #MIN_SIDE}. */
    public static final String TOO_SMALL = "SVT-AV1 encodes pictures of at least " + MIN_SIDE + " pixels a side";
    /** Why an HLS ladder has no AV1 variants on a service whose SERVICE_VIDEO_LADDER_AV1 is false. */
    public static final String LADDER_OFF = "AV1 HLS variants are turned off on this service (SERVICE_VIDEO_LADDER_AV1=false)";

    public Av1Settings {
        if (svtPreset < 0 || svtPreset > 13) throw new IllegalArgumentException("SVT-AV1 preset out of range: " + svtPreset);
        if (crf < 0 || crf > 63) throw new IllegalArgumentException("SVT-AV1 CRF out of range: " + crf);
        if (maxBitrateKbps < 1) throw new IllegalArgumentException("bitrate cap not positive: " + maxBitrateKbps);
    }

    /** The preset's video settings turned to AV1: same width and audio, this CRF and cap, no CRF search. */
    public VideoSettings applyTo(VideoSettings video) {
        return new VideoSettings(video.maxWidth(), crf, maxBitrateKbps, video.audioBitrateKbps(),
                List.of(Strategy.VIDEO_MP4_AV1), null, this);
    }
}
