package io.mediaopt.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediaopt.media.OutputOptions;

/**
 * The {@code options} of a job object: what it asked of its output beyond its preset, each field
 * only when asked ({@code quality} 1 to 100, {@code format} a short name, {@code width} in pixels).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OptionsView(Integer quality, String format, Integer width) {
    /** The view of the options, null when the job asked for none. */
    public static OptionsView of(OutputOptions options) {
        if (!options.requested()) return null;
        return new OptionsView(options.quality(), options.format() == null ? null : options.format().shortName(),
                options.width());
    }
}
