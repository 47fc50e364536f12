package io.mediaopt.devices;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a rotation into the first track header (tkhd) of an MP4/MOV, as phones do for portrait
 * video: ffmpeg 5.1 no longer turns a {@code rotate} tag into a display matrix when it muxes.
 */
final class DisplayMatrix {
    private static final int ONE = 0x00010000;
    private static final int MINUS_ONE = 0xFFFF0000;
    private static final int W = 0x40000000;

    private DisplayMatrix() {}

    /** Sets the first track's matrix so players turn its frames {@code degrees} clockwise. */
    static void rotate(Path file, int degrees) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int type = indexOf(bytes, "tkhd".getBytes(StandardCharsets.US_ASCII));
        if (type < 0) throw new IOException("no tkhd in " + file);
        int version = bytes[type + 4];
        // after the type: version and flags, times, track id, duration, then 16 bytes to the matrix
        int matrix = type + 4 + 4 + (version == 1 ? 32 : 20) + 16;
        int[] m = switch (degrees) {
            case 90 -> new int[] {0, ONE, 0, MINUS_ONE, 0, 0, 0, 0, W};
            case 180 -> new int[] {MINUS_ONE, 0, 0, 0, MINUS_ONE, 0, 0, 0, W};
            case 270 -> new int[] {0, MINUS_ONE, 0, ONE, 0, 0, 0, 0, W};
            default -> throw new IllegalArgumentException("Expected 90, 180 or 270 but received " + degrees);
        };
        ByteBuffer buffer = ByteBuffer.wrap(bytes, matrix, 36);
        for (int value : m) buffer.putInt(value);
        Files.write(file, bytes);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) if (haystack[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }
}
