package io.mediaopt.client;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A format the {@code format} field may ask for: the image formats for images, the video formats
 * for videos (one of the other kind than the upload is refused with {@code 400 invalid-input}).
 */
public enum OutputFormat {
    WEBP("webp", Kind.IMAGE),
    AVIF("avif", Kind.IMAGE),
    JPEG("jpeg", Kind.IMAGE),
    PNG("png", Kind.IMAGE),
    MP4("mp4", Kind.VIDEO),
    WEBM("webm", Kind.VIDEO),
    /** AV1 and AAC in an MP4, at the preset's AV1 settings. */
    AV1("av1", Kind.VIDEO);

    /** The kind of media a format is for. */
    public enum Kind {
        IMAGE,
        VIDEO
    }

    private final String wireName;
    private final Kind kind;

    OutputFormat(String wireName, Kind kind) {
        this.wireName = wireName;
        this.kind = kind;
    }

    /** The value of the {@code format} field. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    public Kind kind() {
        return kind;
    }

    @JsonCreator
    public static OutputFormat fromWireName(String value) {
        for (OutputFormat format : values()) {
            if (format.wireName.equals(value)) {
                return format;
            }
        }
        throw new IllegalArgumentException(
                "Expected a format of webp, avif, jpeg, png, mp4 or webm but received " + value);
    }
}
