package io.mediaopt.video;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Cuts a process's output into lines as the bytes arrive and hands each complete one on. A line
 * longer than {@link #MAX_LINE} is dropped: no line a caller listens for is that long, and a
 * runaway one must not grow the heap.
 */
final class LineSplitter {
    static final int MAX_LINE = 4096;

    private final Consumer<String> lines;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean overlong;
    private boolean listenerFailed;

    LineSplitter(Consumer<String> lines) {
        this.lines = lines;
    }

    void write(byte[] chunk, int length) {
        for (int i = 0; i < length; i++) {
            byte b = chunk[i];
            if (b == '\n') {
                if (!overlong) hand(line.toString(StandardCharsets.UTF_8).stripTrailing());
                line.reset();
                overlong = false;
            } else if (line.size() < MAX_LINE) {
                line.write(b);
            } else {
                overlong = true;
            }
        }
    }

    /**
     * A listener that throws is not called again, and the reading goes on: the process must
     * never block on a full pipe because of what a listener did.
     */
    private void hand(String text) {
        if (listenerFailed) return;
        try {
            lines.accept(text);
        } catch (RuntimeException e) {
            listenerFailed = true;
        }
    }
}
