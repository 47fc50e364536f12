package io.mediaopt.imageurl;

/**
 * What is known of one source: its version (a SHA-256 of its bytes, so a changed source gives new
 * variants), its upright size, format, EXIF orientation and whether it has transparency; and when
 * it was fetched, for revalidation. The info route answers with it.
 */
public record SourceFacts(String version, int width, int height, String format, int orientation, boolean alpha,
                          long fetchedAtMillis) {}
