package io.mediaopt.storage;

import software.amazon.awssdk.core.ResponseInputStream;

import java.io.FilterInputStream;
import java.io.IOException;

/**
 * The body of an object being read from S3. Closing it before its end aborts the connection:
 * a plain close would first read the rest of the object to reuse the connection, which for a
 * download the client gave up on can be most of a video.
 */
final class S3ObjectStream extends FilterInputStream {
    private final ResponseInputStream<?> response;
    private boolean ended;

    S3ObjectStream(ResponseInputStream<?> response) {
        super(response);
        this.response = response;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b < 0) ended = true;
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n < 0) ended = true;
        return n;
    }

    @Override
    public void close() throws IOException {
        if (!ended) response.abort();
        super.close();
    }
}
