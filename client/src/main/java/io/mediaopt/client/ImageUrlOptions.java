package io.mediaopt.client;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.TreeMap;

/**
 * What the service's {@code /img/} route renders (docs/api-image-urls.md, Images by URL); each option left
 * unset takes the service's default. Written by their short names in alphabetical order, as
 * imgproxy's builders write them, so the signed URL is the one they make for the same options.
 */
public final class ImageUrlOptions {
    /** How the picture fits the box of width and height. */
    public enum ResizingType { FIT, FILL, FILL_DOWN, FORCE, AUTO }

    /** Where {@link ResizingType#FILL} crops: a side, a corner, the centre, or {@code SMART} (libvips' attention measure). */
    public enum Gravity {
        CENTRE("ce"), NORTH("no"), SOUTH("so"), EAST("ea"), WEST("we"), NORTH_EAST("noea"), NORTH_WEST("nowe"),
        SOUTH_EAST("soea"), SOUTH_WEST("sowe"), SMART("sm");

        private final String code;

        Gravity(String code) {
            this.code = code;
        }
    }

    /** The output format; {@code BEST} takes it by the request's {@code Accept} (AVIF, WebP, then JPEG or PNG). */
    public enum Format { JPG, PNG, WEBP, AVIF, BEST }

    /** The service's preset whose quality is used. */
    public enum Preset { WEB, MOBILE, LOW_BANDWIDTH }

    private final TreeMap<String, String> options = new TreeMap<>();

    /** Width in pixels, 0–16384 (0: follows the aspect). */
    public ImageUrlOptions width(int width) {
        return put("w", Integer.toString(width));
    }

    /** Height in pixels, 0–16384 (0: follows the aspect). */
    public ImageUrlOptions height(int height) {
        return put("h", Integer.toString(height));
    }

    public ImageUrlOptions resizingType(ResizingType type) {
        return put("rt", code(type));
    }

    public ImageUrlOptions gravity(Gravity gravity) {
        return put("g", gravity.code);
    }

    /** A focal point, {@code x} and {@code y} fractions 0–1 of width and height, that the crop centres on. */
    public ImageUrlOptions focalPoint(double x, double y) {
        return put("g", "fp:" + number(x) + ":" + number(y));
    }

    /** Multiplies width and height; above 0, at most 8. */
    public ImageUrlOptions dpr(double dpr) {
        return put("dpr", number(dpr));
    }

    /** 1–100, used as is for every format; unset, the preset's quality per format. */
    public ImageUrlOptions quality(int quality) {
        return put("q", Integer.toString(quality));
    }

    public ImageUrlOptions format(Format format) {
        return put("f", code(format));
    }

    public ImageUrlOptions preset(Preset preset) {
        return put("pr", code(preset));
    }

    /** Allows a result larger than the source. */
    public ImageUrlOptions enlarge(boolean enlarge) {
        return put("el", enlarge ? "t" : "f");
    }

    /** The {@code /name:value} segments, in the builders' order; empty without options. */
    String path() {
        StringBuilder path = new StringBuilder();
        options.forEach((name, value) -> path.append('/').append(name).append(':').append(value));
        return path.toString();
    }

    private ImageUrlOptions put(String name, String value) {
        options.put(name, value);
        return this;
    }

    private static String code(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** As JavaScript writes a number: {@code 2}, {@code 1.5}, {@code 0.25}. */
    private static String number(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("Not a finite number: " + value);
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
