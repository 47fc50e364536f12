package io.mediaopt.media;

import java.io.IOException;

/**
 * Where a GIF ends: the header and logical screen descriptor, the global color table, then
 * extension blocks and image descriptors (each with its local color table and its data in
 * sub-blocks) until the trailer byte 0x3B. A byte that starts no block ends the image where it
 * is, as it ends a decoder's reading.
 */
final class GifEnd {
    private static final int HEADER_BYTES = 6;
    private static final int EXTENSION = 0x21;
    private static final int IMAGE = 0x2C;
    private static final int TRAILER = 0x3B;

    private GifEnd() {}

    /** The offset just past the trailer (or of the first byte that starts no block), or -1 when the file ends first. */
    static long find(FileCursor in, long start) throws IOException {
        in.seek(start + HEADER_BYTES + 4); // width, height
        int screenFlags = in.read();
        in.skip(2); // background color, aspect ratio
        skipColorTable(in, screenFlags);
        while (true) {
            int block = in.read();
            switch (block) {
                case TRAILER -> {
                    return in.position();
                }
                case EXTENSION -> {
                    in.skip(1); // label
                    if (!skipSubBlocks(in)) return -1;
                }
                case IMAGE -> {
                    in.skip(8); // position and size
                    skipColorTable(in, in.read());
                    in.skip(1); // LZW minimum code size
                    if (!skipSubBlocks(in)) return -1;
                }
                default -> {
                    return block < 0 ? -1 : in.position() - 1;
                }
            }
        }
    }

    /** Skips the color table the flags byte announces (its top bit), of 3 × 2^(size + 1) bytes. */
    private static void skipColorTable(FileCursor in, int flags) {
        if (flags >= 0 && (flags & 0x80) != 0) in.skip(3L << ((flags & 0x07) + 1));
    }

    /** Skips data sub-blocks up to their zero-length terminator; false when the file ends first. */
    private static boolean skipSubBlocks(FileCursor in) throws IOException {
        int length;
        while ((length = in.read()) > 0) in.skip(length);
        return length == 0;
    }
}
