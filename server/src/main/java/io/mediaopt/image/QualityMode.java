package io.mediaopt.image;

/**
 * How image quality is chosen (SERVICE_IMAGE_QUALITY): {@code AUTO} searches each file for the
 * lowest quality that meets its preset's perceptual target; {@code FIXED} uses the preset's one
 * quality for every file, as before the search existed (cheaper, for comparison or spare CPU).
 */
public enum QualityMode {
    AUTO, FIXED
}
