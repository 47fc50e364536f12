package io.mediaopt.jobs;

import java.util.Arrays;

/**
 * How a job came to be, decided once when it is made and stored with it: what a worker may take
 * for granted about its input follows from it, and from nothing else.
 */
public enum JobOrigin {
    /** POST /api/media/optimize: the request that made it processes it, from the upload in hand; nothing is stored for it but its output. */
    SYNCHRONOUS("sync"),
    /** An upload the service read whole (a form or a resumable upload), checked before it was stored. */
    FORM("form"),
    /** A file a client put into storage itself, of which only the first bytes were looked at. */
    STORED("stored");

    private final String wireName;

    JobOrigin(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static JobOrigin fromWire(String name) {
        return Arrays.stream(values()).filter(o -> o.wireName.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Expected a job origin but received " + name));
    }

    /** Whether a worker of the queue runs it, from an input kept in storage; a synchronous job is never queued again. */
    public boolean queued() {
        return this != SYNCHRONOUS;
    }

    /**
     * Whether its input must be walked whole for a second file inside it (a polyglot) before it is
     * decoded: only one the service has not read whole yet.
     */
    public boolean inputUnchecked() {
        return this == STORED;
    }
}
