package io.mediaopt.video;

/**
 * How a video's CRF is chosen (SERVICE_VIDEO_QUALITY): {@code AUTO} searches each long enough
 * video for the highest CRF that keeps its preset's SSIM target ({@link CrfSearch}), {@code FIXED}
 * encodes every video at its preset's CRF.
 */
public enum VideoQualityMode {
    AUTO, FIXED
}
