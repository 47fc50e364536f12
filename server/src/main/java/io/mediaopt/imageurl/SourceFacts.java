package io.mediaopt.imageurl;

import io.mediaopt.media.Placeholder;

/**
 * What is known of one source: its version (a SHA-256 of its bytes, so a changed source gives new
 * variants), its upright size, format, EXIF orientation, whether it has transparency, its BlurHash
 * and dominant colour; when it was fetched, for revalidation; and the origin's validators of an
 * http(s) source ({@code ETag}, {@code Last-Modified}, null when it sent none), which the next
 * revalidation sends back as a conditional GET. The info route answers with {@link SourceInfo}.
 */
public record SourceFacts(String version, int width, int height, String format, int orientation, boolean alpha,
                          long fetchedAtMillis, String blurhash, String dominantColor, String etag,
                          String lastModified) {
    /** The facts of a source just read, with no validators of an origin yet ({@link #withValidators}). */
    static SourceFacts read(String version, int width, int height, String format, int orientation, boolean alpha,
                            long fetchedAtMillis, Placeholder placeholder) {
        return new SourceFacts(version, width, height, format, orientation, alpha, fetchedAtMillis,
                placeholder.blurhash(), placeholder.dominantColor(), null, null);
    }

    /** The same facts, confirmed by the origin at {@code nowMillis} (a 304 to a conditional GET). */
    SourceFacts confirmedAt(long nowMillis) {
        return new SourceFacts(version, width, height, format, orientation, alpha, nowMillis, blurhash, dominantColor,
                etag, lastModified);
    }

    /** These facts with the validators the origin sent with the body they describe. */
    SourceFacts withValidators(String originEtag, String originLastModified) {
        return new SourceFacts(version, width, height, format, orientation, alpha, fetchedAtMillis, blurhash,
                dominantColor, originEtag, originLastModified);
    }
}
