package io.mediaopt.imageurl;

import io.mediaopt.ServiceException;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

import java.nio.file.Path;

/** Renders one variant with libvips: resized, cropped and encoded as a URL asks. */
final class Renderer {
    /** Encoder effort, as the optimizer's: the libvips defaults. */
    private static final int EFFORT = 4;
    /** What a picture with transparency is laid on for JPEG, which has none. */
    private static final double WHITE = 255;

    private final Vips vips;
    private final long maxPixels;

    /** {@code maxPixels}: the largest picture a render may make (SERVICE_MAX_INPUT_PIXELS, as for inputs). */
    Renderer(Vips vips, long maxPixels) {
        this.vips = vips;
        this.maxPixels = maxPixels;
    }

    /** What was written: the picture's size. */
    record Rendered(int width, int height) {}

    Rendered render(Path source, SourceFacts facts, ImageOptions options, UrlFormat format, int quality, Path output) {
        RenderPlan plan = RenderPlan.of(options, facts.width(), facts.height());
        if ((long) plan.resizeWidth() * plan.resizeHeight() > maxPixels) {
            throw ServiceException.tooLarge("The asked picture has more than " + maxPixels + " pixels");
        }
        Vips.BoxSize size = plan.enlarge() ? Vips.BoxSize.BOTH : Vips.BoxSize.DOWN;
        if (plan.kind() == RenderPlan.Kind.FORCE) size = Vips.BoxSize.FORCE;
        boolean smart = plan.kind() == RenderPlan.Kind.SMART_FILL;
        int width = smart ? plan.cropWidth() : plan.resizeWidth();
        int height = smart ? plan.cropHeight() : plan.resizeHeight();
        if (plan.kind() == RenderPlan.Kind.FIT) {
            // the side that gives the scale alone bounds libvips' box: the other, rounded, would give
            // another scale (3000 / 281 for a width of 375 of 4000 x 3000), or a pixel less
            if (plan.byWidth()) height = Vips.MAX_COORD;
            else width = Vips.MAX_COORD;
        }
        try (VipsImage resized = vips.thumbnailBox(source, width, height, smart ? Vips.BoxSize.BOTH : size, smart)) {
            if (plan.kind() != RenderPlan.Kind.FILL) return save(resized, format, quality, output);
            int cw = Math.min(plan.cropWidth(), resized.width());
            int ch = Math.min(plan.cropHeight(), resized.height());
            Gravity g = options.gravity();
            boolean focal = g.type() == Gravity.Type.FP;
            try (VipsImage cropped = vips.extractArea(resized, RenderPlan.offset(resized.width(), cw, g.x(), focal),
                    RenderPlan.offset(resized.height(), ch, g.y(), focal), cw, ch)) {
                return save(cropped, format, quality, output);
            }
        }
    }

    /** Encodes {@code image} as it is, with the saver and options of {@code format}. */
    Rendered save(VipsImage image, UrlFormat format, int quality, Path output) {
        switch (format) {
            case AVIF -> vips.save().avif(image, output, quality, EFFORT);
            case WEBP -> vips.save().webp(image, output, quality, EFFORT);
            case PNG -> vips.save().png(image, output);
            case JPEG, BEST -> {
                if (image.hasAlpha()) {
                    try (VipsImage flat = vips.flatten(image, WHITE)) {
                        vips.save().jpeg(flat, output, quality);
                    }
                } else {
                    vips.save().jpeg(image, output, quality);
                }
            }
        }
        return new Rendered(image.width(), image.height());
    }
}
