package io.mediaopt.http;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.OutputOptions;

import java.util.List;

/**
 * The {@code options} of GET /api/media/presets: the form fields that override a preset for one
 * request, with their default and valid values.
 */
record OptionList(Quality quality, Format format, Width width) {
    /** {@code quality}: auto or a whole number from min to max, for the kinds listed. */
    record Quality(@JsonProperty("default") String defaultValue, int min, int max, List<String> kinds, String description) {}

    /** {@code format}: auto or one of the formats of the upload's kind. */
    record Format(@JsonProperty("default") String defaultValue, List<String> image, List<String> video, String description) {}

    /** {@code width}: a whole number of pixels, min or more; absent keeps the preset's maximum. */
    record Width(int min, String description) {}

    static OptionList of() {
        return new OptionList(
                new Quality(OutputOptions.AUTO, OutputOptions.MIN_QUALITY, OutputOptions.MAX_QUALITY,
                        List.of(MediaKind.IMAGE.wireName()),
                        "auto: the service's quality mode chooses; a number pins the encoder quality of an image."
                                + " Not for videos."),
                new Format(OutputOptions.AUTO, OutputOptions.formatNames(MediaKind.IMAGE),
                        OutputOptions.formatNames(MediaKind.VIDEO),
                        "auto: the preset's choice (on POST /api/media/optimize, AVIF or WebP in Accept may choose"
                                + " among the preset's image formats); a format of the other kind than the upload is"
                                + " refused."),
                new Width(1, "A smaller maximum width than the preset's; a larger one keeps the preset's. Never"
                        + " enlarges."));
    }
}
