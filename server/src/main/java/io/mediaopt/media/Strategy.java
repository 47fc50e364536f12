package io.mediaopt.media;

/** An encoding the service can apply; {@link #wireName()} is the value of the {@code strategy} field. */
public enum Strategy {
    IMAGE_WEBP(MediaKind.IMAGE, "image-webp", "image/webp", "webp"),
    IMAGE_AVIF(MediaKind.IMAGE, "image-avif", "image/avif", "avif"),
    IMAGE_JPEG(MediaKind.IMAGE, "image-jpeg", "image/jpeg", "jpg"),
    IMAGE_PNG(MediaKind.IMAGE, "image-png", "image/png", "png"),
    /** The input itself, returned when every encoding came out larger. */
    IMAGE_ORIGINAL(MediaKind.IMAGE, "image-original", null, null),
    VIDEO_MP4_H264(MediaKind.VIDEO, "video-mp4-h264", "video/mp4", "mp4"),
    VIDEO_WEBM_VP9(MediaKind.VIDEO, "video-webm-vp9", "video/webm", "webm"),
    VIDEO_WEBM_AV1(MediaKind.VIDEO, "video-webm-av1", "video/webm", "webm"),
    /** The input itself, returned when every encoding came out larger. */
    VIDEO_ORIGINAL(MediaKind.VIDEO, "video-original", null, null);

    private final MediaKind kind;
    private final String wireName;
    private final String contentType;
    private final String extension;

    Strategy(MediaKind kind, String wireName, String contentType, String extension) {
        this.kind = kind;
        this.wireName = wireName;
        this.contentType = contentType;
        this.extension = extension;
    }

    public MediaKind kind() {
        return kind;
    }

    public String wireName() {
        return wireName;
    }

    /** Media type of the output; null for the original strategies, whose type is the input's. */
    public String contentType() {
        return contentType;
    }

    /** File name extension of the output, without the dot; null for the original strategies. */
    public String extension() {
        return extension;
    }

    public boolean isOriginal() {
        return this == IMAGE_ORIGINAL || this == VIDEO_ORIGINAL;
    }
}
