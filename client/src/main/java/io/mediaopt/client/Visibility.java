package io.mediaopt.client;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Who may read a kept job's stable URLs when the service has API keys: anyone ({@code PUBLIC}), or
 * only whoever holds a link the service signed for the job's key ({@code PRIVATE}, the default).
 */
public enum Visibility {
    PUBLIC("public"),
    PRIVATE("private");

    private final String wireName;

    Visibility(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }
}
