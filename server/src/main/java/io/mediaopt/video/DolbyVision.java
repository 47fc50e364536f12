package io.mediaopt.video;

/**
 * A Dolby Vision configuration record ("DOVI configuration record" side data): the profile and
 * what its base layer is compatible with without the Dolby Vision metadata (ETSI GS CCM 001,
 * {@code dv_bl_signal_compatibility_id}: 1 HDR10, 2 SDR, 4 HLG; 0 none, as in profile 5).
 */
public record DolbyVision(int profile, int compatibilityId) {
    static final int COMPATIBLE_HDR10 = 1;
    static final int COMPATIBLE_SDR = 2;
    static final int COMPATIBLE_HLG = 4;

    /** Profile 8.4, as iPhones record: the base layer is plain HLG. */
    boolean baseLayerIsHlg() {
        return compatibilityId == COMPATIBLE_HLG;
    }

    /** Profiles 7.1 and 8.1: the base layer is plain HDR10 (PQ). */
    boolean baseLayerIsPq() {
        return compatibilityId == COMPATIBLE_HDR10;
    }
}
