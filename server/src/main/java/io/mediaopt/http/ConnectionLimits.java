package io.mediaopt.http;

import io.javalin.config.JettyConfig;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConnectionFactory;
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
        jetty.addConnector((server, http) -> {
            ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
            connector.setHost(host);
            connector.setPort(port);
            connector.setIdleTimeout(readTimeout.toMillis());
            return connector;
        });
    }
}
