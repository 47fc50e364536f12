package io.mediaopt.client;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The state of a job; {@code done} and {@code failed} are final. */
public enum JobStatus {
    PENDING("pending"),
    PROCESSING("processing"),
    DONE("done"),
    FAILED("failed");

    private final String wireName;

    JobStatus(String wireName) {
        this.wireName = wireName;
    }

    /** The value of the {@code status} field in the API's JSON. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** True once the job will not change any more, so polling can stop. */
    public boolean terminal() {
        return this == DONE || this == FAILED;
    }

    @JsonCreator
    public static JobStatus fromWireName(String value) {
        for (JobStatus status : values()) {
            if (status.wireName.equals(value)) {
                return status;
            }
        }
        throw new IllegalArgumentException(
                "Expected a job status of pending, processing, done or failed but received " + value);
    }
}
