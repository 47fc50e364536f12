package io.mediaopt.media;

import java.io.IOException;

/**
 * Whether a file ends the way a ZIP archive (a JAR, an Office document) does. ZIP readers
 * never look at the start of a file: they search back from its end, over at most a 64 KB
 * comment, for the end-of-central-directory record, and read the archive from there. So a file
 * whose end is such a record opens as an archive whatever comes first, however many images
 * are stacked before it.
 */
final class ZipEndRecord {
    private static final int RECORD_BYTES = 22;
    private static final int MAX_COMMENT_BYTES = 0xFFFF;

    private ZipEndRecord() {}

    static boolean endsFile(FileCursor in) throws IOException {
        int window = (int) Math.min(in.size(), RECORD_BYTES + MAX_COMMENT_BYTES);
        long windowStart = in.size() - window;
        byte[] tail = in.bytesAt(windowStart, window);
        for (int i = tail.length - RECORD_BYTES; i >= 0; i--) {
            if (tail[i] == 'P' && tail[i + 1] == 'K' && tail[i + 2] == 5 && tail[i + 3] == 6
                    && isConsistent(tail, i, windowStart + i)) {
                return true;
            }
        }
        return false;
    }

    /** The comment fits in the file and the central directory lies before the record, as readers require. */
    private static boolean isConsistent(byte[] tail, int at, long recordOffset) {
        long directorySize = littleEndian(tail, at + 12, 4);
        long directoryOffset = littleEndian(tail, at + 16, 4);
        long commentLength = littleEndian(tail, at + 20, 2);
        return at + RECORD_BYTES + commentLength <= tail.length && directoryOffset + directorySize <= recordOffset;
    }

    private static long littleEndian(byte[] bytes, int offset, int length) {
        long value = 0;
        for (int i = length - 1; i >= 0; i--) value = (value << 8) | (bytes[offset + i] & 0xFF);
        return value;
    }
}
