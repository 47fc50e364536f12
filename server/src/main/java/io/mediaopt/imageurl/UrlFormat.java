package io.mediaopt.imageurl;

import io.mediaopt.ServiceException;

import java.util.Locale;

/** The formats an image by URL is served in; {@link #BEST} lets the request's Accept choose. */
public enum UrlFormat {
    JPEG("image/jpeg", "jpg"), PNG("image/png", "png"), WEBP("image/webp", "webp"), AVIF("image/avif", "avif"),
    BEST("", "");

    final String contentType;
    final String extension;

    UrlFormat(String contentType, String extension) {
        this.contentType = contentType;
        this.extension = extension;
    }

    public String contentType() {
        return contentType;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** imgproxy's names: jpg, jpeg, png, webp, avif, and best or auto for the Accept header's choice. */
    static UrlFormat parse(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "jpg", "jpeg" -> JPEG;
            case "png" -> PNG;
            case "webp" -> WEBP;
            case "avif" -> AVIF;
            case "best", "auto", "" -> BEST;
            default -> throw ServiceException.invalidInput("Expected a format of jpg, png, webp, avif or best but "
                    + "received \"" + value + "\"");
        };
    }

    /**
     * The format for a request that left the choice to {@code accept}: AVIF, else WebP when
     * listed, else JPEG, or PNG for a picture with transparency.
     */
    static UrlFormat negotiate(String accept, boolean alpha) {
        String a = accept == null ? "" : accept.toLowerCase(Locale.ROOT);
        if (a.contains("image/avif")) return AVIF;
        if (a.contains("image/webp")) return WEBP;
        return alpha ? PNG : JPEG;
    }
}
