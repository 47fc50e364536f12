package io.mediaopt.media;

/** An encoding the service can apply; {@link #wireName()} is the value of the {@code strategy} field. */
public enum Strategy {
    IMAGE_WEBP(MediaKind.IMAGE, "image-webp", MediaFormat.WEBP),
    IMAGE_AVIF(MediaKind.IMAGE, "image-avif", MediaFormat.AVIF),
    IMAGE_JPEG(MediaKind.IMAGE, "image-jpeg", MediaFormat.JPEG),
    IMAGE_PNG(MediaKind.IMAGE, "image-png", MediaFormat.PNG),
    /** The input itself, returned when every encoding came out larger. */
    IMAGE_ORIGINAL(MediaKind.IMAGE, "image-original", null),
    VIDEO_MP4_H264(MediaKind.VIDEO, "video-mp4-h264", MediaFormat.MP4),
    VIDEO_WEBM_VP9(MediaKind.VIDEO, "video-webm-vp9", MediaFormat.WEBM),
    VIDEO_WEBM_AV1(MediaKind.VIDEO, "video-webm-av1", MediaFormat.WEBM),
    /** AV1 (SVT-AV1) and AAC in a fast-start MP4, at the preset's {@link Av1Settings}. */
    VIDEO_MP4_AV1(MediaKind.VIDEO, "video-mp4-av1", MediaFormat.MP4),
    /** The input itself, returned when every encoding came out larger. */
    VIDEO_ORIGINAL(MediaKind.VIDEO, "video-original", null);

    private final MediaKind kind;
    private final String wireName;
    private final MediaFormat output;

    Strategy(MediaKind kind, String wireName, MediaFormat output) {
        this.kind = kind;
        this.wireName = wireName;
        this.output = output;
    }

    public MediaKind kind() {
        return kind;
    }

    public String wireName() {
        return wireName;
    }

    /** The format it writes; null for the original strategies, whose format is the input's. */
    public MediaFormat output() {
        return output;
    }

    public boolean isOriginal() {
        return this == IMAGE_ORIGINAL || this == VIDEO_ORIGINAL;
    }

    /** An image encoding saved at a quality (1 to 100) that a search may choose. */
    public boolean lossyImage() {
        return this == IMAGE_WEBP || this == IMAGE_AVIF || this == IMAGE_JPEG;
    }
}
