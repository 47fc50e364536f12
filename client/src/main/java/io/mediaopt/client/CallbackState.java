package io.mediaopt.client;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Where the call announcing a job's end stands: to be sent or retried, received, or given up. */
public enum CallbackState {
    PENDING("pending"),
    DELIVERED("delivered"),
    FAILED("failed");

    private final String wireName;

    CallbackState(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    @JsonCreator
    public static CallbackState fromWireName(String value) {
        for (CallbackState state : values()) {
            if (state.wireName.equals(value)) {
                return state;
            }
        }
        throw new IllegalArgumentException(
                "Expected a callback state of pending, delivered or failed but received " + value);
    }
}
