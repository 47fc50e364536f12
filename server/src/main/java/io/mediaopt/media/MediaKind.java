package io.mediaopt.media;

/** What a file is, as decided from its bytes. */
public enum MediaKind {
    IMAGE("image"),
    VIDEO("video");

    private final String wireName;

    MediaKind(String wireName) {
        this.wireName = wireName;
    }

    /** The value of the {@code kind} field. */
    public String wireName() {
        return wireName;
    }
}
