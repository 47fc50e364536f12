package io.mediaopt.renditions;

import io.mediaopt.media.MediaKind;

import java.util.Arrays;
import java.util.Optional;

/** The renditions a job may ask for in its {@code renditions} field, and the kind of media each needs. */
public enum RenditionKind {
    /** Widths from the preset's maximum down, each in AVIF, WebP and a JPEG or PNG fallback. */
    RESPONSIVE("responsive", MediaKind.IMAGE),
    /** An adaptive ladder of 360p to 1080p under a master playlist. */
    HLS("hls", MediaKind.VIDEO),
    /** One still of the video in the preset's image format. */
    POSTER("poster", MediaKind.VIDEO),
    /** One AV1 MP4 and the preset's H.264 MP4, for a {@code <video>} that lists AV1 first. */
    SOURCES("sources", MediaKind.VIDEO),
    /** A sheet of tiles through the video and the WebVTT naming them, for a player's seek-bar previews. */
    STORYBOARD("storyboard", MediaKind.VIDEO);

    private final String wireName;
    private final MediaKind media;

    RenditionKind(String wireName, MediaKind media) {
        this.wireName = wireName;
        this.media = media;
    }

    public String wireName() {
        return wireName;
    }

    public MediaKind media() {
        return media;
    }

    public static Optional<RenditionKind> fromWire(String wireName) {
        return Arrays.stream(values()).filter(k -> k.wireName.equals(wireName)).findFirst();
    }
}
