package io.mediaopt.keeping;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Who may read the stable URLs of a kept job: anyone ({@code public}), or, with API keys on, only
 * whoever holds a link its owner's key signed ({@code private}, the default).
 */
public enum Visibility {
    PUBLIC("public"),
    PRIVATE("private");

    private final String wireName;

    Visibility(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<Visibility> fromWire(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(v -> v.wireName.equals(value)).findFirst();
    }
}
