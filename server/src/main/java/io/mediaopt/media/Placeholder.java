package io.mediaopt.media;

/**
 * What a page shows where a picture will be while it loads (docs/api-renditions.md, Placeholders): its
 * BlurHash ({@code blurhash}) and the colour most of it is ({@code dominantColor}, {@code #rrggbb}).
 */
public record Placeholder(String blurhash, String dominantColor) {}
