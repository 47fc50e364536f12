package io.mediaopt.media;

/**
 * What the first bytes of a file say it is: its kind, a short format name
 * ({@code jpeg}, {@code png}, {@code gif}, {@code webp}, {@code avif}, {@code heif}, {@code tiff},
 * {@code mp4}, {@code mov}, {@code matroska}, {@code avi}, {@code mpegts}, {@code 3gp}, {@code ogg})
 * and its media type.
 */
public record Sniffed(MediaKind kind, String format, String contentType) {}
