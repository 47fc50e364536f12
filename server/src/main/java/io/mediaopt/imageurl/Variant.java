package io.mediaopt.imageurl;

import java.util.function.BiConsumer;

/**
 * The variant an image URL names for a source of known facts and a client's {@code Accept}: its
 * storage key (a digest of the source's version, the canonical options, the format and the
 * quality), its format, and whether that format was negotiated. Both the route and the early
 * answer of hits ({@link StoredHits}) derive it here, so they name the same variant.
 */
record Variant(String key, UrlFormat format, int quality, boolean negotiated) {

    static Variant of(ImageOptions options, SourceFacts facts, String accept, FormatQualities qualities) {
        UrlFormat format = options.format();
        boolean negotiated = format == UrlFormat.BEST;
        if (negotiated) format = UrlFormat.negotiate(accept, facts.alpha());
        int quality = qualities.of(options, format);
        String canonical = options.canonical() + "/format:" + format.wireName() + "/quality:" + quality;
        return new Variant(VariantStore.variantKey(facts.version(), canonical), format, quality, negotiated);
    }

    String etag() {
        return "\"" + key.substring(key.lastIndexOf('/') + 1) + "\"";
    }

    /** The headers of its answer that a 304 carries too: {@code Vary} when negotiated, the tag and the caching. */
    void cachingHeaders(BiConsumer<String, String> header, long cacheSeconds) {
        if (negotiated) header.accept("Vary", "Accept");
        header.accept("ETag", etag());
        header.accept("Cache-Control", "public, max-age=" + cacheSeconds);
    }

    /** The headers of its bytes: type, name, ranges, its figures and whether it was rendered for this request. */
    void contentHeaders(BiConsumer<String, String> header, VariantStore.Figures figures, long size, boolean hit) {
        header.accept("Content-Type", format.contentType());
        header.accept("Content-Disposition", "inline; filename=\"image." + format.extension + "\"");
        header.accept("Accept-Ranges", "bytes");
        header.accept("x-service-output-width", Integer.toString(figures.width()));
        header.accept("x-service-output-height", Integer.toString(figures.height()));
        header.accept("x-service-output-bytes", Long.toString(size));
        header.accept("x-service-format", format.wireName());
        header.accept("x-service-cache", hit ? "hit" : "miss");
    }
}
