package io.mediaopt.media;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static io.mediaopt.media.MediaKind.IMAGE;
import static io.mediaopt.media.MediaKind.VIDEO;

/**
 * Every format the service accepts or produces, as decided from a file's bytes: its kind, its
 * short name (stored with a job), how messages name it, its media type, the file name
 * extensions that say it (the first is the one the service writes), the decoders that may open
 * it (libvips loaders or ffmpeg demuxers), and what it can carry. Adding a format is one entry
 * here, how {@link Sniffer} recognises it and {@link MediaEnd} finds its end (both switch over
 * every format), and its encoder.
 */
public enum MediaFormat {
    JPEG(IMAGE, "jpeg", "a JPEG", "image/jpeg", List.of("jpg", "jpeg", "jpe", "jfif"),
            List.of("VipsForeignLoadJpeg"), Carries.still(false, 65_535)),
    PNG(IMAGE, "png", "a PNG", "image/png", List.of("png"),
            List.of("VipsForeignLoadPng"), Carries.still(true, Carries.NO_LIMIT)),
    GIF(IMAGE, "gif", "a GIF", "image/gif", List.of("gif"),
            List.of("VipsForeignLoadNsgif", "VipsForeignLoadGif"), Carries.animation(65_535)),
    WEBP(IMAGE, "webp", "a WebP", "image/webp", List.of("webp"),
            List.of("VipsForeignLoadWebp"), Carries.animation(16_383)),
    AVIF(IMAGE, "avif", "an AVIF", "image/avif", List.of("avif"),
            List.of("VipsForeignLoadHeif"), Carries.still(true, 65_536)),
    HEIF(IMAGE, "heif", "a HEIF", "image/heif", List.of("heic", "heif"),
            List.of("VipsForeignLoadHeif"), Carries.still(true, Carries.NO_LIMIT)),
    TIFF(IMAGE, "tiff", "a TIFF", "image/tiff", List.of("tiff", "tif"),
            List.of("VipsForeignLoadTiff"), Carries.still(true, Carries.NO_LIMIT)),
    MP4(VIDEO, "mp4", "an MP4", "video/mp4", List.of("mp4", "m4v"), Demuxer.MOV, Carries.VIDEO),
    MOV(VIDEO, "mov", "a QuickTime", "video/quicktime", List.of("mov", "qt"), Demuxer.MOV, Carries.VIDEO),
    WEBM(VIDEO, "webm", "a WebM", "video/webm", List.of("webm"), Demuxer.MATROSKA, Carries.VIDEO),
    MATROSKA(VIDEO, "matroska", "a Matroska", "video/x-matroska", List.of("mkv"), Demuxer.MATROSKA, Carries.VIDEO),
    AVI(VIDEO, "avi", "an AVI", "video/x-msvideo", List.of("avi"), List.of("avi"), Carries.VIDEO),
    MPEG_TS(VIDEO, "mpegts", "an MPEG-TS", "video/mp2t", List.of("ts", "mts", "m2ts"), List.of("mpegts"),
            Carries.VIDEO),
    THREE_GP(VIDEO, "3gp", "a 3GP", "video/3gpp", List.of("3gp", "3g2"), Demuxer.MOV, Carries.VIDEO),
    OGG(VIDEO, "ogg", "an Ogg", "video/ogg", List.of("ogv", "ogg"), List.of("ogg"), Carries.VIDEO);

    /**
     * ffmpeg's demuxers that read several formats, by every name they answer to: ffmpeg's
     * {@code -format_whitelist} takes a demuxer when any of its names is listed.
     */
    private static final class Demuxer {
        static final List<String> MOV = List.of("mov", "mp4", "m4a", "3gp", "3g2", "mj2");
        static final List<String> MATROSKA = List.of("matroska", "webm");
    }

    /**
     * What a picture in this format can hold: transparency, several frames played as an
     * animation, and how many pixels a side at most. Videos carry neither here: the service
     * neither reads nor writes alpha video, and their size is the codec's business.
     */
    public record Carries(boolean alpha, boolean animation, int maxDimension) {
        /** No limit of the format's own below what libvips can address. */
        static final int NO_LIMIT = Integer.MAX_VALUE;
        static final Carries VIDEO = new Carries(false, false, NO_LIMIT);

        static Carries still(boolean alpha, int maxDimension) {
            return new Carries(alpha, false, maxDimension);
        }

        static Carries animation(int maxDimension) {
            return new Carries(true, true, maxDimension);
        }
    }

    private final MediaKind kind;
    private final String shortName;
    private final String named;
    private final String contentType;
    private final List<String> extensions;
    private final List<String> decoders;
    private final Carries carries;

    MediaFormat(MediaKind kind, String shortName, String named, String contentType, List<String> extensions,
                List<String> decoders, Carries carries) {
        this.kind = kind;
        this.shortName = shortName;
        this.named = named;
        this.contentType = contentType;
        this.extensions = extensions;
        this.decoders = decoders;
        this.carries = carries;
    }

    public MediaKind kind() {
        return kind;
    }

    /** The name a job records: {@code jpeg}, {@code mp4}, {@code matroska}. */
    public String shortName() {
        return shortName;
    }

    public String contentType() {
        return contentType;
    }

    /** The extension of a file the service writes in this format, without the dot. */
    public String extension() {
        return extensions.getFirst();
    }

    /** Every extension, lower case without the dot, that names a file of this format. */
    public List<String> extensions() {
        return extensions;
    }

    /**
     * What may open a file of this format, and nothing else may: for an image the libvips loader
     * classes (a class whose name starts with one, such as {@code VipsForeignLoadJpegFile}), for
     * a video the names of ffmpeg's demuxer.
     */
    public List<String> decoders() {
        return decoders;
    }

    /** The decoders of every accepted format of a kind, each once, in the order of the formats. */
    public static List<String> decodersOf(MediaKind kind) {
        return Arrays.stream(values()).filter(f -> f.kind == kind)
                .flatMap(f -> f.decoders.stream()).distinct().toList();
    }

    public Carries carries() {
        return carries;
    }

    /** How a message names it: "a JPEG image", "an MP4 video". */
    public String description() {
        return named + " " + kind.wireName();
    }

    /** The format a job recorded under this short name. */
    public static Optional<MediaFormat> fromShortName(String shortName) {
        return Arrays.stream(values()).filter(f -> f.shortName.equals(shortName)).findFirst();
    }

    /** The accepted formats of a kind for a message: "JPEG, PNG, GIF, ...". */
    public static String listOf(MediaKind kind) {
        return Arrays.stream(values()).filter(f -> f.kind == kind)
                .map(MediaFormat::label)
                .collect(Collectors.joining(", "));
    }

    /** The name without its article: "JPEG", "MP4". */
    private String label() {
        return named.substring(named.indexOf(' ') + 1);
    }
}
