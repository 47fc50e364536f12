package io.mediaopt.media;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Where the media in a file ends, found by walking its structure the way a decoder reads it:
 * JPEG segments and scans until EOI ({@link JpegEnd}), PNG chunks until IEND, GIF blocks until
 * the trailer ({@link GifEnd}), a WebP's RIFF size, the top-level boxes of ISO media (MP4, MOV,
 * 3GP, HEIF, AVIF) and the top-level elements of EBML (WebM, Matroska). Decoders stop there and
 * never see what follows, which is how a file can be an image and, after it, something else.
 * Where the structure meets bytes that cannot be part of it, the media ends where they start:
 * ISO media and EBML have no end marker, so their last box or element is the one before a box
 * running past the end of the file or an element that cannot stand at the top level. Reads are
 * buffered and follow the structure: what lengths say to skip is never read.
 */
public final class MediaEnd {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    private static final long PNG_IEND = 0x49454E44L;
    private static final Set<Long> EBML_TOP_LEVEL = Set.of(
            0x1A45DFA3L, // EBML header
            0x18538067L, // Segment
            0xECL); // Void

    private MediaEnd() {}

    /**
     * The offset just past the media in a file of this format; empty for a format whose end cannot be found from its structure (TIFF, AVI,
     * MPEG-TS, Ogg), when the walk cannot finish (a JPEG, PNG or GIF cut before its end, a live
     * WebM's segment of unknown size) or the file cannot be read.
     */
    public static OptionalLong of(Path file, MediaFormat format) {
        try (FileCursor in = FileCursor.open(file)) {
            long end = find(in, format, 0);
            return end < 0 ? OptionalLong.empty() : OptionalLong.of(end);
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** The end of the media of this format that starts at {@code start}, or -1. */
    static long find(FileCursor in, MediaFormat format, long start) throws IOException {
        try {
            return switch (format) {
                case JPEG -> JpegEnd.find(in, start);
                case PNG -> pngEnd(in, start);
                case GIF -> GifEnd.find(in, start);
                case WEBP -> riffEnd(in, start);
                case MP4, MOV, THREE_GP, AVIF, HEIF -> boxesEnd(in, start);
                case WEBM, MATROSKA -> elementsEnd(in, start);
                case TIFF, AVI, MPEG_TS, OGG -> -1;
            };
        } catch (EOFException e) {
            return -1; // the file ended inside a number the walk needed
        }
    }

    /** Chunks one after another until IEND and its CRC. */
    private static long pngEnd(FileCursor in, long start) throws IOException {
        if (!Arrays.equals(in.bytesAt(start, PNG_SIGNATURE.length), PNG_SIGNATURE)) return -1;
        long chunk = start + PNG_SIGNATURE.length;
        while (chunk + 12 <= in.size()) {
            in.seek(chunk);
            long length = in.readBigEndian(4);
            long type = in.readBigEndian(4);
            if (length > Integer.MAX_VALUE || !isChunkType(type)) return chunk;
            long next = chunk + 12 + length;
            if (type == PNG_IEND) return next <= in.size() ? next : -1;
            chunk = next;
        }
        return -1;
    }

    private static boolean isChunkType(long type) {
        return eachByte(type, c -> (c | 0x20) >= 'a' && (c | 0x20) <= 'z');
    }

    /** The RIFF chunk's declared end: its 8-byte header, its size, and the pad byte of an odd size. */
    private static long riffEnd(FileCursor in, long start) throws IOException {
        if (start + 12 > in.size()) return -1;
        in.seek(start + 4);
        long declared = in.readLittleEndian(4);
        long end = start + 8 + declared + (declared % 2);
        return end <= in.size() ? end : -1;
    }

    /** Where the top-level ISO boxes (ftyp, moov, mdat, ...) end when walked one after another. */
    private static long boxesEnd(FileCursor in, long start) throws IOException {
        long size = in.size();
        long box = start;
        while (box + 8 <= size) {
            in.seek(box);
            long boxSize = in.readBigEndian(4);
            if (!isBoxType(in.readBigEndian(4))) break;
            if (boxSize == 0) return size; // "to the end of the file"
            if (boxSize == 1) {
                if (box + 16 > size) break;
                boxSize = in.readBigEndian(8);
            }
            if (boxSize < 8 || boxSize > size - box) break;
            box += boxSize;
        }
        return box == start ? -1 : box;
    }

    private static boolean isBoxType(long type) {
        return eachByte(type, c -> c >= 0x20 && c <= 0x7E);
    }

    private static boolean eachByte(long fourCc, IntPredicate test) {
        for (int shift = 0; shift < 32; shift += 8) {
            if (!test.test((int) (fourCc >>> shift & 0xFF))) return false;
        }
        return true;
    }

    /** Where the top-level EBML elements end; a segment of unknown size cannot be walked past. */
    private static long elementsEnd(FileCursor in, long start) throws IOException {
        long size = in.size();
        long element = start;
        while (element < size) {
            in.seek(element);
            int idLength = vintLength(in.peek());
            if (idLength > 4 || element + idLength >= size) break;
            if (!EBML_TOP_LEVEL.contains(in.readBigEndian(idLength))) break;
            int first = in.read();
            int sizeLength = vintLength(first);
            if (sizeLength > 8 || in.position() - 1 + sizeLength > size) break;
            long value = first & (0xFF >> sizeLength);
            boolean unknown = value == (0xFF >> sizeLength);
            for (int i = 1; i < sizeLength; i++) {
                int b = in.read();
                unknown &= b == 0xFF;
                value = (value << 8) | b;
            }
            if (unknown) return -1;
            if (value > size - in.position()) break;
            element = in.position() + value;
        }
        return element == start ? -1 : element;
    }

    /** The length of an EBML variable-size integer, from the leading zero bits of its first byte. */
    private static int vintLength(int first) {
        return first <= 0 ? 9 : Integer.numberOfLeadingZeros(first) - 23;
    }
}
