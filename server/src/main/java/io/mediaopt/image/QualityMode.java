package io.mediaopt.image;

import io.mediaopt.media.ImageSettings;

/**
 * How image quality is chosen (SERVICE_IMAGE_QUALITY): {@code AUTO} searches each file for the
 * lowest quality that meets its preset's perceptual target; {@code FIXED} uses the preset's one
 * quality for every file, as before the search existed (cheaper, for comparison or spare CPU).
 * The mode is the service's default: a request's {@code quality=auto} searches under either, and
 * a request's number pins the quality under either.
 */
public enum QualityMode {
    AUTO, FIXED;

    /** Whether images encoded with these settings get a search under this service mode. */
    boolean searches(ImageSettings settings) {
        return settings.searches() && (this == AUTO || settings.searchAsked());
    }
}
