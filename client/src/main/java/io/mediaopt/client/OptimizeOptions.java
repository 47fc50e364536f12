package io.mediaopt.client;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a request asks of its output beyond its preset (the form fields {@code quality},
 * {@code format} and {@code width}); each null means {@code auto}, the preset's own choice.
 * {@code quality} (1 to 100) pins the encoder quality of an image and is refused for a video;
 * {@code format} picks the output format; {@code width} is a smaller maximum width than the
 * preset's (a larger one keeps the preset's, nothing is enlarged). A job reports the options it
 * asked for in {@link Job#options()}, a synchronous optimization in
 * {@link OptimizationSummary#requested()}.
 *
 * <p>{@code keep} (form field {@code keep}) keeps the job's files until it is deleted, or
 * {@code keepHours} after it ended, under stable URLs; {@code visibility} says who may read them and
 * {@code linkTtlSec} how long a signed link of a private job lasts. Null leaves each to the service.
 *
 * <pre>{@code
 * client.optimize(photo, "web", OptimizeOptions.DEFAULT.withQuality(60).withWidth(800));
 * }</pre>
 */
public record OptimizeOptions(Integer quality, OutputFormat format, Integer width, Boolean keep, Integer keepHours,
                              Visibility visibility, Integer linkTtlSec) {
    /** Every option auto: what a request without the fields gets. */
    public static final OptimizeOptions DEFAULT = new OptimizeOptions(null, null, null);

    /** Options of the output alone, saying nothing of keeping. */
    public OptimizeOptions(Integer quality, OutputFormat format, Integer width) {
        this(quality, format, width, null, null, null, null);
    }

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
        return new OptimizeOptions(value, format, width, keep, keepHours, visibility, linkTtlSec);
    }

    /** The same options asking for this output format. */
    public OptimizeOptions withFormat(OutputFormat value) {
        return new OptimizeOptions(quality, value, width, keep, keepHours, visibility, linkTtlSec);
    }

    /** The same options with this maximum width. */
    public OptimizeOptions withWidth(int value) {
        return new OptimizeOptions(quality, format, value, keep, keepHours, visibility, linkTtlSec);
    }

    /** The same options keeping the job (until deleted) under stable URLs of this visibility. */
    public OptimizeOptions kept(Visibility value) {
        return new OptimizeOptions(quality, format, width, true, keepHours, value, linkTtlSec);
    }

    /** The same options keeping the job only this many hours after it ended. */
    public OptimizeOptions withKeepHours(int hours) {
        return new OptimizeOptions(quality, format, width, true, hours, visibility, linkTtlSec);
    }

    /** The same options with signed links of a private kept job lasting this many seconds. */
    public OptimizeOptions withLinkTtlSec(int seconds) {
        return new OptimizeOptions(quality, format, width, true, keepHours, visibility, seconds);
    }

    /** The keeping fields as the form and an upload's metadata carry them, only those set. */
    Map<String, String> keepFields() {
        Map<String, String> fields = new LinkedHashMap<>();
        if (keep != null) fields.put("keep", keep.toString());
        if (keepHours != null) fields.put("keepHours", keepHours.toString());
        if (visibility != null) fields.put("visibility", visibility.wireName());
        if (linkTtlSec != null) fields.put("linkTtlSec", linkTtlSec.toString());
        return fields;
    }

    /** True when every option of the output is auto. */
    public boolean isDefault() {
        return quality == null && format == null && width == null;
    }
}
