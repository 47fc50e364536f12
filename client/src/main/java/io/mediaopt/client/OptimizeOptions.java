package io.mediaopt.client;

/**
 * What a request asks of its output beyond its preset (the form fields {@code quality},
 * {@code format} and {@code width}); each null means {@code auto}, the preset's own choice.
 * {@code quality} (1 to 100) pins the encoder quality of an image and is refused for a video;
 * {@code format} picks the output format; {@code width} is a smaller maximum width than the
 * preset's (a larger one keeps the preset's, nothing is enlarged). A job reports the options it
 * asked for in {@link Job#options()}, a synchronous optimization in
 * {@link OptimizationSummary#requested()}.
 *
 * <pre>{@code
 * client.optimize(photo, "web", OptimizeOptions.DEFAULT.withQuality(60).withWidth(800));
 * }</pre>
 */
public record OptimizeOptions(Integer quality, OutputFormat format, Integer width) {
    /** Every option auto: what a request without the fields gets. */
    public static final OptimizeOptions DEFAULT = new OptimizeOptions(null, null, null);

    public OptimizeOptions {
        if (quality != null && (quality < 1 || quality > 100)) {
            throw new IllegalArgumentException("Expected a quality from 1 to 100 but received " + quality);
        }
        if (width != null && width < 1) {
            throw new IllegalArgumentException("Expected a width of 1 pixel or more but received " + width);
        }
    }

    /** The same options with the image quality pinned. */
    public OptimizeOptions withQuality(int value) {
        return new OptimizeOptions(value, format, width);
    }

    /** The same options asking for this output format. */
    public OptimizeOptions withFormat(OutputFormat value) {
        return new OptimizeOptions(quality, value, width);
    }

    /** The same options with this maximum width. */
    public OptimizeOptions withWidth(int value) {
        return new OptimizeOptions(quality, format, value);
    }

    /** True when every option is auto. */
    public boolean isDefault() {
        return quality == null && format == null && width == null;
    }
}
