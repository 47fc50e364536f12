package io.mediaopt.http;

import io.javalin.config.JettyConfig;
import org.eclipse.jetty.io.ArrayByteBufferPool;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.MinimumDataRateHandler;

import java.time.Duration;
import java.util.Optional;

/**
 * What Jetty allows a client before the API sees the request: how long a connection may stay
 * quiet (SERVICE_READ_TIMEOUT_MS), the slowest average rate an upload may arrive at
 * (SERVICE_MIN_UPLOAD_RATE, bytes per second; 0 turns the check off), and how many parts a form
 * may have. A client that stalls, trickles or sends thousands of tiny parts is cut off by Jetty
 * itself, which also deletes the part files it had started.
 */
public record ConnectionLimits(Duration readTimeout, long minUploadBytesPerSecond) {
    /** The form has two fields; a few more are tolerated (and ignored), thousands are not. */
    static final int MAX_FORM_PARTS = 16;
    /** Room for the multipart framing and the preset field around the media bytes of a form. */
    public static final long FORM_OVERHEAD = 64 * 1024;
    /**
     * How much of a request one read from the socket takes. Jetty's default of 8 KiB cut a 3.6 MB
     * upload into some 450 reads, each handed to the form parser and written to the part's file
     * on its own; 128 KiB pieces take a quarter less of the request threads' CPU (~4 ms a photo).
     */
    static final int INPUT_BUFFER_BYTES = 128 * 1024;

    /**
     * The handler that cuts off slow uploads, if any, for the server's handler chain. The rate is
     * the average since the body was first asked for, checked each time the reader has to wait
     * for more; responses are left alone (a slow download only holds its own connection, up to
     * the read timeout).
     */
    Optional<Handler.Wrapper> uploadRateHandler() {
        return minUploadBytesPerSecond > 0
                ? Optional.of(new MinimumDataRateHandler(minUploadBytesPerSecond, 0))
                : Optional.empty();
    }

    void applyTo(JettyConfig jetty, String host, int port) {
        jetty.modifyServletContextHandler(context -> context.setMaxFormKeys(MAX_FORM_PARTS));
        jetty.addConnector((server, http) -> connector(server, http, host, port));
    }

    /**
     * The connector, with a buffer pool that keeps the read buffers. Jetty's own pool keeps
     * buffers of 64 KiB at most and allocates larger ones afresh: each 128 KiB read buffer was a
     * new direct buffer, whose native memory comes back only once a full collection finds it, so
     * over an hour of uploads they piled up in the old generation and native memory grew by
     * ~1 MiB a minute (docs/benchmarks.md, "Memory over an hour"), and allocating and zeroing
     * one was a tenth of the CPU of an image URL hit. This pool keeps them (the idle
     * ones up to Jetty's bound, an eighth of the heap) and connections reuse them.
     */
    ServerConnector connector(Server server, HttpConfiguration http, String host, int port) {
        HttpConnectionFactory factory = new HttpConnectionFactory(http);
        factory.setInputBufferSize(INPUT_BUFFER_BYTES);
        ByteBufferPool buffers = new ArrayByteBufferPool.Quadratic(0, INPUT_BUFFER_BYTES, -1);
        ServerConnector connector = new ServerConnector(server, null, null, buffers, -1, -1, factory);
        connector.setHost(host);
        connector.setPort(port);
        connector.setIdleTimeout(readTimeout.toMillis());
        return connector;
    }
}
