package io.mediaopt.video;

import java.util.Locale;

/** Where one chunk of a long video stands; stored by its lower-case name. */
enum ChunkStatus {
    PENDING, PROCESSING, DONE, FAILED;

    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    static ChunkStatus of(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT));
    }
}
