package io.mediaopt.media;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileCursorTest {
    @TempDir
    Path dir;

    /** Every occurrence, in order, across the buffer's edges, for values that stress the eight-byte scan. */
    @Test
    void skipUntilStopsAtEveryOccurrenceLikeAByteByByteScan() throws IOException {
        byte[] bytes = new byte[200_003];
        new Random(7).nextBytes(bytes);
        // runs of the sought values and of their neighbours, where borrows cross byte lanes
        for (int i = 65_530; i < 65_545; i++) bytes[i] = (byte) (i % 2 == 0 ? 0xFF : 0x00);
        for (int i = 131_068; i < 131_076; i++) bytes[i] = (byte) 0x01;
        bytes[bytes.length - 1] = (byte) 0x80;
        Path file = Files.write(dir.resolve("bytes"), bytes);
        for (int value : new int[] {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF}) {
            try (FileCursor cursor = FileCursor.open(file)) {
                for (int expected = 0; expected < bytes.length; expected++) {
                    if ((bytes[expected] & 0xFF) != value) continue;
                    assertTrue(cursor.skipUntil(value), "value " + value + " at " + expected);
                    assertEquals(expected, cursor.position(), "value " + value);
                    cursor.skip(1);
                }
                assertFalse(cursor.skipUntil(value));
                assertEquals(bytes.length, cursor.position());
            }
        }
    }

    @Test
    void skipUntilFromTheMiddleOfALongAndPastTheEnd() throws IOException {
        Path file = Files.write(dir.resolve("small"), new byte[] {1, 2, 3, (byte) 0xFF, 5, 6, 7, 8, 9, (byte) 0xFF, 11});
        try (FileCursor cursor = FileCursor.open(file)) {
            cursor.seek(4);
            assertTrue(cursor.skipUntil(0xFF));
            assertEquals(9, cursor.position());
            cursor.seek(40);
            assertFalse(cursor.skipUntil(0xFF));
        }
    }
}
