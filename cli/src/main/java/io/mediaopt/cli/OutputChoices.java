package io.mediaopt.cli;

import io.mediaopt.client.OptimizeOptions;
import io.mediaopt.client.OutputFormat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the command line asks of each output beyond the preset: {@code --quality} (images only: a
 * video's quality is its preset's CRF), {@code --format} (one per kind, each applied to the files
 * of its kind) and {@code --width} (both kinds). Every value is checked before anything is sent.
 */
record OutputChoices(OptimizeOptions images, OptimizeOptions videos) {
    private static final String AUTO = "auto";

    /** @throws IllegalArgumentException naming the option, the valid values and what was received */
    static OutputChoices parse(String quality, List<String> formats, Integer width) {
        OptimizeOptions common = OptimizeOptions.DEFAULT;
        if (width != null) {
            if (width < 1) throw new IllegalArgumentException("Expected --width of 1 or more but received " + width);
            common = common.withWidth(width);
        }
        Map<OutputFormat.Kind, OutputFormat> byKind = new EnumMap<>(OutputFormat.Kind.class);
        for (String name : formats == null ? List.<String>of() : formats) {
            if (name.equals(AUTO)) continue;
            OutputFormat format = format(name);
            OutputFormat earlier = byKind.put(format.kind(), format);
            if (earlier != null && earlier != format) {
                throw new IllegalArgumentException("Expected one --format per kind of media but received "
                        + earlier.wireName() + " and " + format.wireName());
            }
        }
        OptimizeOptions images = withFormat(common, byKind.get(OutputFormat.Kind.IMAGE));
        if (quality != null && !quality.equals(AUTO)) images = images.withQuality(quality(quality));
        return new OutputChoices(images, withFormat(common, byKind.get(OutputFormat.Kind.VIDEO)));
    }

    private static OutputFormat format(String name) {
        try {
            return OutputFormat.fromWireName(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Expected --format of auto, webp, avif, jpeg, png, mp4 or webm "
                    + "but received " + name);
        }
    }

    private static int quality(String value) {
        try {
            int quality = Integer.parseInt(value);
            if (quality >= 1 && quality <= 100) return quality;
        } catch (NumberFormatException e) {
            // reported below with the valid values
        }
        throw new IllegalArgumentException("Expected --quality of auto or 1 to 100 but received " + value);
    }

    private static OptimizeOptions withFormat(OptimizeOptions options, OutputFormat format) {
        return format == null ? options : options.withFormat(format);
    }
}
