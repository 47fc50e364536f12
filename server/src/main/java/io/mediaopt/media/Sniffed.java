package io.mediaopt.media;

/**
 * What the first bytes of a file say it is: its kind, a short format name
 * ({@code jpeg}, {@code png}, {@code gif}, {@code webp}, {@code avif}, {@code heif}, {@code tiff},
 * {@code mp4}, {@code mov}, {@code matroska}, {@code avi}, {@code mpegts}, {@code 3gp}, {@code ogg})
 * and its media type.
 */
public record Sniffed(MediaKind kind, String format, String contentType) {

    /** How a message names it: "a JPEG image", "an MP4 video". */
    public String description() {
        String name = switch (format) {
            case "jpeg" -> "a JPEG";
            case "png" -> "a PNG";
            case "gif" -> "a GIF";
            case "webp" -> "a WebP";
            case "avif" -> "an AVIF";
            case "heif" -> "a HEIF";
            case "tiff" -> "a TIFF";
            case "mp4" -> "an MP4";
            case "mov" -> "a QuickTime";
            case "webm" -> "a WebM";
            case "matroska" -> "a Matroska";
            case "avi" -> "an AVI";
            case "mpegts" -> "an MPEG-TS";
            case "3gp" -> "a 3GP";
            case "ogg" -> "an Ogg";
            default -> "a " + format;
        };
        return name + " " + kind.wireName();
    }
}
