package io.mediaopt.storage;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads at most {@code remaining} bytes of the stream beneath, for a byte range. */
final class BoundedInputStream extends FilterInputStream {
    private long remaining;

    BoundedInputStream(InputStream in, long limit) {
        super(in);
        this.remaining = limit;
    }

    @Override
    public int read() throws IOException {
        if (remaining <= 0) return -1;
        int b = super.read();
        if (b >= 0) remaining--;
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (remaining <= 0) return -1;
        int n = super.read(buffer, offset, (int) Math.min(length, remaining));
        if (n > 0) remaining -= n;
        return n;
    }
}
