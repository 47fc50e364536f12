package io.mediaopt.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The `vips thumbnail` command that does what the service's image optimizer does with a preset
 * (server/src/main/java/io/mediaopt/image/ImageEncoder.java): shrink on load to the preset's
 * width, never enlarge, no autorotate (the inputs here are upright), fail on decode errors,
 * then save without metadata at the preset's quality and libvips' default effort of 4.
 */
final class RawImageCommand {
    /** ImageEncoder.WEBP_EFFORT and AVIF_EFFORT. */
    static final int EFFORT = 4;
    /** Vips.MAX_COORD: "no limit" for the height, so only the width bounds the size. */
    private static final String NO_HEIGHT_LIMIT = "10000000";

    private RawImageCommand() {}

    /** The file extension the preset's first strategy writes for this input. */
    static String extension(ServicePreset.Image preset, boolean animated) {
        return switch (strategy(preset, animated)) {
            case "IMAGE_WEBP" -> "webp";
            case "IMAGE_AVIF" -> "avif";
            case "IMAGE_JPEG" -> "jpg";
            case "IMAGE_PNG" -> "png";
            default -> throw new IllegalArgumentException("unknown image strategy " + strategy(preset, animated));
        };
    }

    static Command encode(Path input, boolean animated, ServicePreset.Image preset, Path output) {
        return encode(input, animated, preset.maxWidth(), output, saveOptions(preset, animated));
    }

    /** The same pipeline with explicit save options, for sweeps over quality. */
    static Command encode(Path input, boolean animated, int maxWidth, Path output, String saveOptions) {
        List<String> args = new ArrayList<>(List.of("vips", "thumbnail",
                input + (animated ? "[n=-1]" : ""),
                output + "[" + saveOptions + "]",
                Integer.toString(maxWidth),
                "--height", NO_HEIGHT_LIMIT, "--size", "down", "--no-rotate", "--fail-on", "error"));
        return new Command(args);
    }

    /** The same resize saved losslessly: the picture the encoder was given, to compare against. */
    static Command reference(Path input, boolean animated, int maxWidth, Path png) {
        return encode(input, animated, maxWidth, png, "compression=1");
    }

    static String saveOptions(ServicePreset.Image preset, boolean animated) {
        return switch (strategy(preset, animated)) {
            case "IMAGE_WEBP" -> webp(preset.webpQuality());
            case "IMAGE_AVIF" -> avif(preset.avifQuality());
            case "IMAGE_JPEG" -> "Q=" + preset.jpegQuality() + ",optimize_coding,interlace,strip";
            case "IMAGE_PNG" -> "compression=9,strip";
            default -> throw new IllegalArgumentException("unknown image strategy " + strategy(preset, animated));
        };
    }

    static String webp(int quality) {
        return "Q=" + quality + ",effort=" + EFFORT + ",strip";
    }

    static String avif(int quality) {
        return "Q=" + quality + ",compression=av1,effort=" + EFFORT + ",strip";
    }

    private static String strategy(ServicePreset.Image preset, boolean animated) {
        return animated ? preset.animatedStrategy() : preset.firstStrategy();
    }
}
