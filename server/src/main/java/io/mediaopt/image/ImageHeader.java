package io.mediaopt.image;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the header of an accepted image says, read before any pixel is decoded: enough to check
 * the limits and plan the encoding. {@code height} is the height of one frame.
 */
record ImageHeader(
        String format,
        int width,
        int height,
        int frames,
        int orientation,
        boolean hasIccProfile,
        boolean hasPrivateMetadata) {

    /** Loader nicknames (the "vips-loader" field) of the formats the service accepts. */
    private static final Map<String, String> FORMAT_BY_LOADER = Map.of(
            "jpegload", "jpeg",
            "pngload", "png",
            "webpload", "webp",
            "gifload", "gif",
            "heifload", "heif",
            "tiffload", "tiff");

    /** Formats whose several frames are an animation rather than separate pictures. */
    private static final Set<String> ANIMATED_FORMATS = Set.of("gif", "webp");

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
        Optional<String> loaded = image.string("vips-loader").map(FORMAT_BY_LOADER::get);
        if (loaded.isEmpty()) return Optional.empty();
        String format = loaded.get();
        // one loader reads both HEIC and AVIF; the codec tells them apart
        if (format.equals("heif") && image.string("heif-compression").orElse("").equals("av1")) {
            format = "avif";
        }
        return Optional.of(new ImageHeader(
                format,
                image.width(),
                image.pageHeight(),
                Math.max(1, image.pages()),
                image.orientation(),
                image.has("icc-profile-data"),
                image.fields().stream().anyMatch(ImageHeader::isPrivate)));
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
        return frames > 1 && ANIMATED_FORMATS.contains(format);
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
