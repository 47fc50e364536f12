package io.mediaopt.storage;

import software.amazon.awssdk.core.ResponseInputStream;

import java.io.FilterInputStream;
import java.io.IOException;

/**
 * The body of an object being read from S3. Closing it before its end aborts the connection:
 * a plain close would first read the rest of the object to reuse the connection, which for a
 * download the client gave up on can be most of a video. A read the connection fails is
 * {@link ObjectReadFailed}: storage out of reach, which a job waits out.
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
        int b;
        try {
            b = super.read();
        } catch (IOException e) {
            throw new ObjectReadFailed(e);
        }
        if (b < 0) ended = true;
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n;
        try {
            n = super.read(buffer, offset, length);
        } catch (IOException e) {
            throw new ObjectReadFailed(e);
        }
        if (n < 0) ended = true;
        return n;
    }

    @Override
    public void close() throws IOException {
        if (!ended) response.abort();
        super.close();
    }
}
