package io.mediaopt.image;

import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.media.MediaFormat;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the header of an accepted image says, read before any pixel is decoded: enough to check
 * the limits and plan the encoding. {@code height} is the height of one frame; {@code hasAlpha}
 * says there is an alpha channel, not that any pixel uses it; {@code cmyk} that the pixels are ink.
 */
record ImageHeader(
        MediaFormat format,
        int width,
        int height,
        int frames,
        int orientation,
        boolean hasIccProfile,
        boolean hasPrivateMetadata,
        boolean hasAlpha,
        boolean cmyk) {

    /** Loader nicknames (the "vips-loader" field) of the formats the service accepts. */
    private static final Map<String, MediaFormat> FORMAT_BY_LOADER = Map.of(
            "jpegload", MediaFormat.JPEG,
            "pngload", MediaFormat.PNG,
            "webpload", MediaFormat.WEBP,
            "gifload", MediaFormat.GIF,
            "heifload", MediaFormat.HEIF,
            "tiffload", MediaFormat.TIFF);

    /**
     * EXIF tags that say nothing about who, where or with what a picture was taken; libvips
     * itself writes them into every JPEG it saves. Anything else counts as metadata to strip.
     */
    private static final Set<String> NEUTRAL_EXIF_TAGS = Set.of(
            "Orientation", "XResolution", "YResolution", "ResolutionUnit", "YCbCrPositioning",
            "ExifVersion", "ComponentsConfiguration", "FlashpixVersion", "ColorSpace",
            "PixelXDimension", "PixelYDimension");

    /** The header of an image in an accepted format, or empty when libvips used another loader. */
    static Optional<ImageHeader> read(VipsImage image) {
        Optional<MediaFormat> loaded = image.string("vips-loader").map(FORMAT_BY_LOADER::get);
        if (loaded.isEmpty()) return Optional.empty();
        MediaFormat format = loaded.get();
        // one loader reads both HEIC and AVIF; the codec tells them apart
        if (format == MediaFormat.HEIF && image.string("heif-compression").orElse("").equals("av1")) {
            format = MediaFormat.AVIF;
        }
        return Optional.of(new ImageHeader(
                format,
                image.width(),
                image.pageHeight(),
                Math.max(1, image.pages()),
                image.orientation(),
                image.has("icc-profile-data"),
                image.fields().stream().anyMatch(ImageHeader::isPrivate),
                image.hasAlpha(),
                image.isCmyk()));
    }

    private static boolean isPrivate(String field) {
        if (field.equals("xmp-data") || field.equals("iptc-data")) return true;
        if (field.startsWith("png-comment-") || field.equals("gif-comment")) return true;
        if (field.startsWith("exif-ifd")) {
            String tag = field.substring(field.indexOf('-', "exif-ifd".length()) + 1);
            return !NEUTRAL_EXIF_TAGS.contains(tag);
        }
        return false;
    }

    boolean animated() {
        // several frames of other formats are separate pictures (pages), not an animation
        return frames > 1 && format.carries().animation();
    }

    /** The pages of a still image past the first (a multi-page TIFF, a HEIF collection): no output carries them. */
    int pagesDropped() {
        return animated() ? 0 : frames - 1;
    }

    /**
     * The fraction (1/2, 1/4 or 1/8) a still JPEG may be decoded at when it is fitted into
     * {@code boxWidth} x {@code boxHeight}: the largest that leaves the decoded picture at least as
     * big as the box, so the resize after it only ever shrinks. 1 for other formats, animations
     * and CMYK (decoded whole, converted, then fitted). Judged in docs/benchmarks.md: no visible
     * difference from a whole decode, at 10-40 % less CPU.
     */
    int jpegShrinkOnLoad(int boxWidth, int boxHeight) {
        if (format != MediaFormat.JPEG || frames > 1 || cmyk) return 1;
        double shrink = Math.max((double) width / boxWidth, (double) height / boxHeight);
        int factor = 1;
        while (factor < 8 && factor * 2 <= shrink) factor *= 2;
        return factor;
    }

    long pixelsPerFrame() {
        return (long) width * height;
    }

    /** Orientations 5 to 8 turn the picture a quarter: its displayed width is its height. */
    boolean turnsSideways() {
        return !animated() && orientation >= 5 && orientation <= 8;
    }

    boolean needsRotation() {
        return !animated() && orientation > 1 && orientation <= 8;
    }

    int displayedWidth() {
        return turnsSideways() ? height : width;
    }

    int displayedHeight() {
        return turnsSideways() ? width : height;
    }
}
