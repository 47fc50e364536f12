package io.mediaopt.http;

import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.RetainableByteBuffer;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class ConnectionLimitsTest {

    /**
     * A read buffer a connection gave back is the one the next connection reads into: allocated
     * afresh each time, a direct buffer's native memory waits for a full collection.
     */
    @Test
    void theConnectorReusesItsReadBuffers() {
        ConnectionLimits limits = new ConnectionLimits(Duration.ofSeconds(30), 0);
        ServerConnector connector = limits.connector(new Server(), new HttpConfiguration(), "127.0.0.1", 0);
        ByteBufferPool pool = connector.getByteBufferPool();

        RetainableByteBuffer first = pool.acquire(ConnectionLimits.INPUT_BUFFER_BYTES, true);
        ByteBuffer firstBytes = first.getByteBuffer();
        assertThat(firstBytes.isDirect()).isTrue();
        assertThat(firstBytes.capacity()).isGreaterThanOrEqualTo(ConnectionLimits.INPUT_BUFFER_BYTES);
        first.release();
        RetainableByteBuffer second = pool.acquire(ConnectionLimits.INPUT_BUFFER_BYTES, true);

        assertThat(second.getByteBuffer()).isSameAs(firstBytes);
        second.release();
    }
}
