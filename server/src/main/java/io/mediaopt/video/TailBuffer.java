package io.mediaopt.video;

import java.nio.charset.StandardCharsets;

/**
 * Keeps the last {@code capacity} bytes written to it. ffmpeg can print megabytes of warnings
 * for a damaged file; the reason it stopped is at the end, so only the end is worth keeping.
 */
final class TailBuffer {
    private final byte[] ring;
    private long written;

    TailBuffer(int capacity) {
        this.ring = new byte[capacity];
    }

    void write(byte[] data, int offset, int length) {
        if (ring.length == 0) return;
        if (length >= ring.length) {
            offset += length - ring.length;
            written += length - ring.length;
            length = ring.length;
        }
        int start = (int) (written % ring.length);
        int first = Math.min(length, ring.length - start);
        System.arraycopy(data, offset, ring, start, first);
        System.arraycopy(data, offset + first, ring, 0, length - first);
        written += length;
    }

    /** The kept bytes as text; a character cut in half at the start becomes a replacement mark. */
    String text() {
        if (written <= ring.length) {
            return new String(ring, 0, (int) written, StandardCharsets.UTF_8);
        }
        int start = (int) (written % ring.length);
        byte[] ordered = new byte[ring.length];
        System.arraycopy(ring, start, ordered, 0, ring.length - start);
        System.arraycopy(ring, 0, ordered, ring.length - start, start);
        return new String(ordered, StandardCharsets.UTF_8);
    }
}
