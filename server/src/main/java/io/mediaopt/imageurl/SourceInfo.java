package io.mediaopt.imageurl;

/**
 * The answer of {@code GET /img/<signature>/info/<source>}: a source's upright size, format, EXIF
 * orientation, transparency, BlurHash and dominant colour (as a job's result gives them), its
 * version (a SHA-256 of its bytes) and when it was last fetched or revalidated. The origin's
 * validators stay inside.
 */
record SourceInfo(int width, int height, String format, int orientation, boolean alpha, String blurhash,
                  String dominantColor, String version, long fetchedAtMillis) {
    static SourceInfo of(SourceFacts facts) {
        return new SourceInfo(facts.width(), facts.height(), facts.format(), facts.orientation(), facts.alpha(),
                facts.blurhash(), facts.dominantColor(), facts.version(), facts.fetchedAtMillis());
    }
}
