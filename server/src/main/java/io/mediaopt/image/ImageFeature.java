package io.mediaopt.image;

import io.mediaopt.Feature;
import io.mediaopt.image.vips.Vips;

import java.util.List;

/** libvips as the health report shows it: its version. */
public final class ImageFeature implements Feature {
    private final Vips vips;

    public ImageFeature(Vips vips) {
        this.vips = vips;
    }

    @Override
    public List<HealthCheck> checks() {
        return List.of(new HealthCheck("libvips", vips::version));
    }
}
