package io.mediaopt.media;

import java.io.IOException;

/**
 * Where a JPEG ends, read as libjpeg reads it: after SOI, segments that state their length
 * (an embedded EXIF thumbnail's markers stay inside its APP1 segment), and after each SOS the
 * entropy-coded data, in which FF00 (a stuffed FF), FFD0 to FFD7 (restart markers) and runs of
 * FF (fill bytes) are data and any other marker starts the next segment: a table, another scan
 * of a progressive JPEG, or EOI, where the image ends. Stray bytes between segments are skipped
 * as libjpeg skips them.
 */
final class JpegEnd {
    private static final int SOI = 0xD8;
    private static final int EOI = 0xD9;
    private static final int TEM = 0x01;

    private JpegEnd() {}

    /** The offset just past EOI, or -1 when the file ends first or is not a JPEG there. */
    static long find(FileCursor in, long start) throws IOException {
        in.seek(start);
        if (in.read() != 0xFF || in.read() != SOI) return -1;
        while (true) {
            int marker = nextMarker(in);
            if (marker < 0 || marker == SOI) return -1;
            if (marker == EOI) return in.position();
            if (marker == TEM) continue; // stands alone, no length
            int length = in.read() << 8 | in.read();
            if (length < 2) return -1;
            in.skip(length - 2);
        }
    }

    /** The code of the next marker, past entropy-coded data, restart markers, fill and stray bytes; -1 at the end. */
    private static int nextMarker(FileCursor in) throws IOException {
        while (true) {
            if (!in.skipUntil(0xFF)) return -1;
            in.skip(1);
            int code = in.read();
            while (code == 0xFF) code = in.read();
            if (code != 0x00 && (code < 0xD0 || code > 0xD7)) return code;
        }
    }
}
