package io.mediaopt.client;

/**
 * One extra file of a done job that asked for renditions, as {@link Result#renditions()} lists it:
 * its {@code name} (for {@code GET /api/media/jobs/:id/renditions/:name}), its {@code role}
 * ({@code responsive}, {@code poster}, {@code hls-master}, {@code hls-playlist}, {@code hls-init},
 * {@code hls-segment}, {@code video-source}, {@code storyboard}, {@code storyboard-vtt}; kept as
 * text so that a role a newer service adds does not make its jobs unreadable), its picture size
 * (null for playlists), {@code format}, media type and size, an HLS variant's peak
 * {@code bandwidth}, a video source's RFC 6381 {@code codecs}, why the AV1 was left out
 * ({@code av1Omitted}), a picture's placeholder ({@code blurhash}, {@code dominantColor}) and
 * the {@code url} to fetch it from. Fields the service leaves out are null.
 */
public record Rendition(
        String name,
        String role,
        Integer width,
        Integer height,
        String format,
        String contentType,
        long bytes,
        Long bandwidth,
        String codecs,
        String av1Omitted,
        String blurhash,
        String dominantColor,
        String url) {}
