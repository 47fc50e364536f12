package io.mediaopt.media;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Set;

/**
 * Whether anything follows the end of the media in a file. Decoders stop at that end and never
 * look further, so a file can be a valid JPEG and, after it, a ZIP, a JAR or an HTML page (a
 * polyglot). Such a file must never be served back as it is: the never-bigger rule only returns
 * an input when this finds nothing after its end. A format this cannot check counts as having
 * trailing data.
 */
public final class TrailingData {
    private static final byte[] PNG_END = {0, 0, 0, 0, 'I', 'E', 'N', 'D', (byte) 0xAE, 0x42, 0x60, (byte) 0x82};
    private static final Set<String> ISO_MEDIA = Set.of("mp4", "mov", "3gp", "avif", "heif");
    private static final Set<String> EBML_MEDIA = Set.of("webm", "matroska");

    private TrailingData() {}

    /** True when the file of this format (a Sniffer or image header format name) ends with its media. */
    public static boolean isAbsent(Path file, String format) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            return switch (format) {
                case "jpeg" -> Arrays.equals(tail(channel, 2), new byte[]{(byte) 0xFF, (byte) 0xD9});
                case "png" -> Arrays.equals(tail(channel, PNG_END.length), PNG_END);
                case "gif" -> Arrays.equals(tail(channel, 1), new byte[]{0x3B});
                case "webp" -> size >= 12 && riffEnd(channel) == size;
                default -> ISO_MEDIA.contains(format) ? boxesEnd(channel) == size
                        : EBML_MEDIA.contains(format) && elementsEnd(channel) == size;
            };
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The RIFF chunk's declared end: its 8-byte header, its size, and the pad byte of an odd size. */
    private static long riffEnd(FileChannel channel) throws IOException {
        long declared = Integer.toUnsignedLong(read(channel, 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt());
        return 8 + declared + (declared % 2);
    }

    /** Where the top-level ISO boxes (ftyp, moov, mdat, ...) end when walked one after another. */
    private static long boxesEnd(FileChannel channel) throws IOException {
        long size = channel.size();
        long position = 0;
        while (position + 8 <= size) {
            ByteBuffer header = read(channel, position, 8);
            long boxSize = Integer.toUnsignedLong(header.getInt());
            if (!isBoxType(header)) return -1;
            if (boxSize == 0) return size; // "to the end of the file"
            if (boxSize == 1) {
                if (position + 16 > size) return -1;
                boxSize = read(channel, position + 8, 8).getLong();
            }
            if (boxSize < 8) return -1;
            position += boxSize;
        }
        return position;
    }

    private static boolean isBoxType(ByteBuffer header) {
        for (int i = 4; i < 8; i++) {
            int c = header.get(i) & 0xFF;
            if (c < 0x20 || c > 0x7E) return false;
        }
        return true;
    }

    /** Where the top-level EBML elements end; a segment of unknown size cannot be checked. */
    private static long elementsEnd(FileChannel channel) throws IOException {
        long size = channel.size();
        long position = 0;
        while (position < size) {
            ByteBuffer head = read(channel, position, (int) Math.min(12, size - position));
            int idLength = vintLength(head.get(0));
            if (idLength > 4 || idLength >= head.limit()) return -1;
            long id = 0;
            for (int i = 0; i < idLength; i++) id = (id << 8) | (head.get(i) & 0xFF);
            int sizeLength = vintLength(head.get(idLength));
            if (sizeLength > 8 || idLength + sizeLength > head.limit()) return -1;
            long value = head.get(idLength) & (0xFF >> sizeLength);
            boolean unknown = value == (0xFF >> sizeLength);
            for (int i = 1; i < sizeLength; i++) {
                int b = head.get(idLength + i) & 0xFF;
                unknown &= b == 0xFF;
                value = (value << 8) | b;
            }
            if (unknown) return -1;
            position += idLength + sizeLength + value;
        }
        return position;
    }

    /** The length of an EBML variable-size integer, from the leading zero bits of its first byte. */
    private static int vintLength(byte first) {
        int b = first & 0xFF;
        return b == 0 ? 9 : Integer.numberOfLeadingZeros(b) - 23;
    }

    private static byte[] tail(FileChannel channel, int length) throws IOException {
        if (channel.size() < length) return new byte[0];
        return read(channel, channel.size() - length, length).array();
    }

    private static ByteBuffer read(FileChannel channel, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) throw new IOException("unexpected end of file");
        }
        return buffer.flip();
    }
}
