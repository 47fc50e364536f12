package io.mediaopt.image;

import io.mediaopt.media.ImageSettings;

/**
 * How image quality is chosen (SERVICE_IMAGE_QUALITY): {@code AUTO} gives each file the preset's
 * quality raised where it fails ({@link CheckedQuality}); {@code FIXED} uses the preset's one
 * quality for every file, unscored (cheaper, for comparison or spare CPU). The mode is the
 * service's default: a request's {@code quality=auto} gets the per-file quality under either, and
 * a request's number pins the quality under either.
 */
public enum QualityMode {
    AUTO, FIXED;

    /** Whether images encoded with these settings get a search under this service mode. */
    boolean searches(ImageSettings settings) {
        return settings.searches() && (this == AUTO || settings.searchAsked());
    }
}
