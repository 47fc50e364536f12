package io.mediaopt.jobs;

import java.util.Locale;

/** The job states of docs/api.md (Jobs); a job only moves forward: pending → processing → done | failed. */
public enum JobStatus {
    PENDING,
    PROCESSING,
    DONE,
    FAILED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static JobStatus fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    public boolean isTerminal() {
        return this == DONE || this == FAILED;
    }
}
