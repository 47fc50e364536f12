package io.mediaopt.media;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;

/** What one extra output of a job is for, as docs/api-renditions.md (Renditions) names it. */
public enum RenditionRole {
    /** One width and format of the responsive image set. */
    RESPONSIVE("responsive"),
    /** The still a video player shows before it plays. */
    POSTER("poster"),
    /** The HLS master playlist, naming every variant. */
    HLS_MASTER("hls-master"),
    /** The media playlist of one HLS variant. */
    HLS_PLAYLIST("hls-playlist"),
    /** The initialisation segment (fMP4 header) of one HLS variant. */
    HLS_INIT("hls-init"),
    /** A media segment of one HLS variant. */
    HLS_SEGMENT("hls-segment"),
    /** One MP4 of a video's sources (AV1 and H.264), each a {@code <source>} of the {@code <video>} snippet. */
    VIDEO_SOURCE("video-source"),
    /** The sheet of a video's seek-bar preview tiles. */
    STORYBOARD("storyboard"),
    /** The WebVTT naming each storyboard tile's time and place on the sheet. */
    STORYBOARD_VTT("storyboard-vtt");

    private final String wireName;

    RenditionRole(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    @JsonCreator
    public static RenditionRole fromWire(String wireName) {
        return Arrays.stream(values()).filter(r -> r.wireName.equals(wireName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Unknown rendition role " + wireName));
    }
}
