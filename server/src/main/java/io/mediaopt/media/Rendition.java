package io.mediaopt.media;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One extra output of a job (docs/api-renditions.md, Renditions): its file {@code name} under the job's
 * rendition prefix, what it is for, its picture size (absent for playlists), its format (the
 * short name of {@link MediaFormat} or {@code m3u8}), media type and size. {@code bandwidth}
 * is the peak bits per second of an HLS variant's playlist. {@code codecs} is the RFC 6381
 * codecs string of a video source ({@code av01.0.08M.08, mp4a.40.2}). {@code url} is only in
 * the API's answers: a pre-signed storage URL or the service's rendition route.
 * {@code av1Omitted}, on the H.264 video source or the HLS master playlist only, says why no AV1
 * source stands before it, or no AV1 variant in the ladder (it was worse than the H.264 by SSIM or
 * SSIMULACRA 2; a source even re-encoded at a higher quality).
 * {@code blurhash} and {@code dominantColor}, on the pictures (a responsive file, a poster) only:
 * the {@link Placeholder} of the picture, the same for every file of a responsive set.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Rendition(
        String name,
        RenditionRole role,
        Integer width,
        Integer height,
        String format,
        String contentType,
        long bytes,
        Long bandwidth,
        String codecs,
        String url,
        String av1Omitted,
        String blurhash,
        String dominantColor) {

    /**
     * A file under its name, for {@code role}, in {@code format} (a {@link MediaFormat}'s short name,
     * {@code m3u8}, {@code m4s}, {@code vtt}) of {@code bytes}; what else it has is added by the
     * {@code with} methods that follow.
     */
    public static Rendition file(String name, RenditionRole role, String format, String contentType, long bytes) {
        return new Parts(name, role, format, contentType, bytes).build();
    }

    /** A picture of {@code width} x {@code height} in an image or video format of the service's own. */
    public static Rendition picture(String name, RenditionRole role, int width, int height, MediaFormat format,
                                    long bytes) {
        return file(name, role, format.shortName(), format.contentType(), bytes).withSize(width, height);
    }

    public Rendition withSize(int pictureWidth, int pictureHeight) {
        Parts parts = parts();
        parts.width = pictureWidth;
        parts.height = pictureHeight;
        return parts.build();
    }

    public Rendition withBandwidth(long bitsPerSecond) {
        Parts parts = parts();
        parts.bandwidth = bitsPerSecond;
        return parts.build();
    }

    public Rendition withCodecs(String rfc6381) {
        Parts parts = parts();
        parts.codecs = rfc6381;
        return parts.build();
    }

    public Rendition withUrl(String link) {
        Parts parts = parts();
        parts.url = link;
        return parts.build();
    }

    public Rendition withAv1Omitted(String reason) {
        Parts parts = parts();
        parts.av1Omitted = reason;
        return parts.build();
    }

    public Rendition withPlaceholder(Placeholder placeholder) {
        Parts parts = parts();
        parts.blurhash = placeholder.blurhash();
        parts.dominantColor = placeholder.dominantColor();
        return parts.build();
    }

    private Parts parts() {
        Parts parts = new Parts(name, role, format, contentType, bytes);
        parts.width = width;
        parts.height = height;
        parts.bandwidth = bandwidth;
        parts.codecs = codecs;
        parts.url = url;
        parts.av1Omitted = av1Omitted;
        parts.blurhash = blurhash;
        parts.dominantColor = dominantColor;
        return parts;
    }

    /** A rendition's fields by name: what every file has, then what a kind of file adds (absent until set). */
    private static final class Parts {
        private final String name;
        private final RenditionRole role;
        private final String format;
        private final String contentType;
        private final long bytes;
        private Integer width;
        private Integer height;
        private Long bandwidth;
        private String codecs;
        private String url;
        private String av1Omitted;
        private String blurhash;
        private String dominantColor;

        Parts(String name, RenditionRole role, String format, String contentType, long bytes) {
            this.name = name;
            this.role = role;
            this.format = format;
            this.contentType = contentType;
            this.bytes = bytes;
        }

        Rendition build() {
            return new Rendition(name, role, width, height, format, contentType, bytes, bandwidth, codecs, url,
                    av1Omitted, blurhash, dominantColor);
        }
    }

    @JsonIgnore
    public boolean isPicture() {
        return role == RenditionRole.RESPONSIVE;
    }

    /**
     * A text naming other renditions by bare name, rewritten as it is served: an HLS playlist,
     * master or variant, or the storyboard's WebVTT.
     */
    @JsonIgnore
    public boolean isPlaylist() {
        return role == RenditionRole.HLS_MASTER || role == RenditionRole.HLS_PLAYLIST
                || role == RenditionRole.STORYBOARD_VTT;
    }
}
