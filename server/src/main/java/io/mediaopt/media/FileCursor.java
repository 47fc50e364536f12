package io.mediaopt.media;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * A read position in a file, buffered, for the walks that read a few bytes and skip many: a
 * byte-by-byte scan of a JPEG's entropy-coded data costs an array access, not a system call,
 * and a skip past a segment reads nothing. Positions past the end are allowed; reading there
 * gives -1.
 */
final class FileCursor implements Closeable {
    private static final int BUFFER_BYTES = 64 * 1024;
    /** Eight bytes of the buffer as one number, the first byte lowest. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    private final FileChannel channel;
    private final long size;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
    private long bufferStart;
    private int bufferLength;
    private long position;

    private FileCursor(FileChannel channel) throws IOException {
        this.channel = channel;
        this.size = channel.size();
    }

    static FileCursor open(Path file) throws IOException {
        return new FileCursor(FileChannel.open(file, StandardOpenOption.READ));
    }

    long size() {
        return size;
    }

    long position() {
        return position;
    }

    void seek(long position) {
        this.position = position;
    }

    void skip(long bytes) {
        position += bytes;
    }

    /** The byte at the position, moving past it; -1 at the end of the file. */
    int read() throws IOException {
        int b = peek();
        if (b >= 0) position++;
        return b;
    }

    /** The byte at the position without moving; -1 at the end of the file. */
    int peek() throws IOException {
        if (position < 0 || position >= size) return -1;
        if (position < bufferStart || position >= bufferStart + bufferLength) {
            fill();
            if (bufferLength == 0) return -1; // the file shrank while being read
        }
        return buffer.get((int) (position - bufferStart)) & 0xFF;
    }

    /**
     * Moves to the next byte equal to {@code value} (0 to 255) and returns true, or to the end of
     * the file and returns false. Scans the buffer's array directly, eight bytes at a time: in a
     * JPEG's entropy-coded data this is the whole cost of the walk (a 12-megapixel photo is
     * 3.5 MB of it).
     */
    boolean skipUntil(int value) throws IOException {
        long repeated = (value & 0xFFL) * ONES;
        while (peek() >= 0) {
            byte[] bytes = buffer.array();
            int end = bufferLength;
            int i = (int) (position - bufferStart);
            for (; i + Long.BYTES <= end; i += Long.BYTES) {
                // a byte equal to the value is a zero byte of the XOR: find its lowest one
                long x = (long) LONGS.get(bytes, i) ^ repeated;
                long zeroBytes = (x - ONES) & ~x & HIGH_BITS;
                if (zeroBytes != 0) {
                    position = bufferStart + i + (Long.numberOfTrailingZeros(zeroBytes) >>> 3);
                    return true;
                }
            }
            for (; i < end; i++) {
                if (bytes[i] == (byte) value) {
                    position = bufferStart + i;
                    return true;
                }
            }
            position = bufferStart + end;
        }
        return false;
    }

    /** Up to {@code length} bytes from {@code offset} (fewer at the end of the file); the position is left alone. */
    byte[] bytesAt(long offset, int length) throws IOException {
        byte[] bytes = new byte[(int) Math.max(0, Math.min(length, size - offset))];
        ByteBuffer target = ByteBuffer.wrap(bytes);
        while (target.hasRemaining()) {
            if (channel.read(target, offset + target.position()) < 0) return Arrays.copyOf(bytes, target.position());
        }
        return bytes;
    }

    /** An unsigned big-endian number of {@code bytes} bytes (at most 8) read from the position. */
    long readBigEndian(int bytes) throws IOException {
        long value = 0;
        for (int i = 0; i < bytes; i++) value = (value << 8) | readOrFail();
        return value;
    }

    /** An unsigned little-endian number of {@code bytes} bytes (at most 8) read from the position. */
    long readLittleEndian(int bytes) throws IOException {
        long value = 0;
        for (int i = 0; i < bytes; i++) value |= (long) readOrFail() << (8 * i);
        return value;
    }

    private int readOrFail() throws IOException {
        int b = read();
        if (b < 0) throw new EOFException("unexpected end of file");
        return b;
    }

    private void fill() throws IOException {
        buffer.clear();
        int read;
        do {
            read = channel.read(buffer, position + buffer.position());
        } while (read > 0 && buffer.hasRemaining());
        bufferStart = position;
        bufferLength = buffer.position();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
