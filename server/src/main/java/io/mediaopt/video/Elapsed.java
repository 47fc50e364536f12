package io.mediaopt.video;

import java.util.Locale;

/** How long a step of a chunked video took, as its log line says it. */
final class Elapsed {
    private Elapsed() {}

    /** Seconds since {@code startedNanos} of {@link System#nanoTime}, to the tenth, for the log. */
    static String seconds(long startedNanos) {
        return String.format(Locale.ROOT, "%.1f", (System.nanoTime() - startedNanos) / 1e9);
    }
}
