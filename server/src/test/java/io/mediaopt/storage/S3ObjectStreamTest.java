package io.mediaopt.storage;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class S3ObjectStreamTest {

    /** A body whose connection stops answering after its first bytes, as a stalled server's does once the socket's read time passes. */
    private static S3ObjectStream stalledAfter(byte[] first) {
        InputStream stalled = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new SocketTimeoutException("Read timed out");
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                return read();
            }
        };
        InputStream body = new SequenceInputStream(new ByteArrayInputStream(first), stalled);
        return new S3ObjectStream(new ResponseInputStream<>(GetObjectResponse.builder().contentLength(100L).build(),
                AbortableInputStream.create(body)));
    }

    @Test
    void aBodyCutOffMidReadIsStorageOutOfReachWhichAJobWaitsOut() throws Exception {
        Path copy = Files.createTempFile("object", ".copy");
        try (S3ObjectStream object = stalledAfter(new byte[10])) {
            assertThatThrownBy(() -> Files.copy(object, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING))
                    .isInstanceOfSatisfying(ObjectReadFailed.class, e -> {
                        assertThat(e).hasCauseInstanceOf(SocketTimeoutException.class);
                        StorageException failure = new StorageException("The file could not be read from object storage", e);
                        assertThat(failure.fault()).isEqualTo(StorageException.Fault.UNREACHABLE);
                        assertThat(failure.isOutage()).isTrue();
                        assertThat(failure.status()).isEqualTo(503);
                    });
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    @Test
    void aSingleByteReadCutOffIsOutOfReachToo() throws Exception {
        try (S3ObjectStream object = stalledAfter(new byte[1])) {
            assertThat(object.read()).isZero();
            assertThatThrownBy(object::read).isInstanceOf(ObjectReadFailed.class);
        }
    }
}
