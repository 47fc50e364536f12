package io.mediaopt.uploads;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Receives the body of one request into a file: at most {@code room} bytes and one more if the
 * body has it (which the caller refuses), cut off once it has arrived slower on average than
 * {@code minBytesPerSecond} (0: no check), measured per request.
 */
record PieceReceiver(long minBytesPerSecond) {
    private static final int BUFFER = 64 * 1024;

    /** What arrived: {@code written} bytes, and the failure that broke the body off, null when none. */
    record Received(long written, IOException broken) {}

    Received receive(InputStream body, Path piece, long room) throws IOException {
        try (FileChannel channel = FileChannel.open(piece, StandardOpenOption.WRITE)) {
            try {
                return new Received(copy(body, channel, room), null);
            } catch (IOException e) {
                return new Received(channel.position(), e);
            }
        }
    }

    private long copy(InputStream body, FileChannel channel, long room) throws IOException {
        byte[] buffer = new byte[BUFFER];
        long started = System.nanoTime();
        long copied = 0;
        while (copied <= room) {
            int n = body.read(buffer, 0, (int) Math.min(buffer.length, room - copied + 1));
            if (n < 0) break;
            channel.write(ByteBuffer.wrap(buffer, 0, n));
            copied += n;
            long millis = (System.nanoTime() - started) / 1_000_000;
            if (minBytesPerSecond > 0 && millis >= 1000 && copied * 1000 / millis < minBytesPerSecond) {
                throw new IOException("The body arrived slower than " + minBytesPerSecond + " bytes per second");
            }
        }
        return copied;
    }
}
