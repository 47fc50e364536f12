package io.mediaopt.imageurl;

import io.mediaopt.media.Placeholder;

import java.util.Optional;

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
        return of(version, width, height, format, orientation, alpha, fetchedAtMillis, placeholder.blurhash(),
                placeholder.dominantColor(), Optional.empty());
    }

    /** The same facts, confirmed by the origin at {@code nowMillis} (a 304 to a conditional GET). */
    SourceFacts confirmedAt(long nowMillis) {
        return new SourceFacts(version, width, height, format, orientation, alpha, nowMillis, blurhash, dominantColor,
                etag, lastModified);
    }

    /** These facts with the validators the origin sent with the body they describe. */
    SourceFacts withValidators(Validators sent) {
        return of(version, width, height, format, orientation, alpha, fetchedAtMillis, blurhash, dominantColor,
                Optional.of(sent));
    }

    /** The validators to send back when revalidating the source. */
    Validators validators() {
        return new Validators(etag, lastModified);
    }

    private static SourceFacts of(String version, int width, int height, String format, int orientation, boolean alpha,
                                  long fetchedAtMillis, String blurhash, String dominantColor,
                                  Optional<Validators> validators) {
        return new SourceFacts(version, width, height, format, orientation, alpha, fetchedAtMillis, blurhash,
                dominantColor, validators.map(Validators::etag).orElse(null),
                validators.map(Validators::lastModified).orElse(null));
    }
}
