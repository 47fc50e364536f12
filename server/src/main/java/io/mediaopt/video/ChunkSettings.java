package io.mediaopt.video;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * When a video is encoded in chunks that any node may take: one at least {@code thresholdSec}
 * long (SERVICE_VIDEO_CHUNK_THRESHOLD_SEC; 0 turns chunks off) is cut at its key frames about
 * every {@code chunkSec} (SERVICE_VIDEO_CHUNK_SEC).
 */
public record ChunkSettings(int thresholdSec, int chunkSec) {
    /** A minute and more, in chunks of 15 s: twelve units for a 3-minute clip (docs/operations.md). */
    public static final ChunkSettings DEFAULT = new ChunkSettings(60, 15);

    public boolean enabled() {
        return thresholdSec > 0;
    }

    /** Reads the settings through {@code raw} (a variable's trimmed value, null when unset), reporting each bad one. */
    public static ChunkSettings read(Function<String, String> raw, Consumer<String> problem) {
        return new ChunkSettings(whole(raw, problem, "SERVICE_VIDEO_CHUNK_THRESHOLD_SEC", DEFAULT.thresholdSec, 0),
                whole(raw, problem, "SERVICE_VIDEO_CHUNK_SEC", DEFAULT.chunkSec, 2));
    }

    private static int whole(Function<String, String> raw, Consumer<String> problem, String name, int fallback, int min) {
        String text = raw.apply(name);
        if (text == null) return fallback;
        try {
            int value = Integer.parseInt(text);
            if (value < min || value > 86_400) throw new NumberFormatException();
            return value;
        } catch (NumberFormatException e) {
            problem.accept(name + ": expected a whole number of seconds from " + min + " to 86400 but received \""
                    + text + "\"");
            return fallback;
        }
    }
}
