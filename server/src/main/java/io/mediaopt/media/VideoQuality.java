package io.mediaopt.media;

/**
 * What the per-file CRF search aims at (SERVICE_VIDEO_QUALITY=auto): the highest CRF from
 * {@code minCrf} to {@code maxCrf} whose worst sample keeps an SSIM of {@code ssimTarget} or more
 * against the source scaled the same way (docs/api-media.md, "CRF per video").
 */
public record VideoQuality(double ssimTarget, int minCrf, int maxCrf) {

    public VideoQuality {
        if (ssimTarget <= 0 || ssimTarget >= 1) {
            throw new IllegalArgumentException("Expected an SSIM target between 0 and 1 but received " + ssimTarget);
        }
        if (minCrf > maxCrf) {
            throw new IllegalArgumentException("Expected minCrf <= maxCrf but received " + minCrf + " > " + maxCrf);
        }
    }
}
