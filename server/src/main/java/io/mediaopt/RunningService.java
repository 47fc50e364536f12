package io.mediaopt;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** A started service: its port, its route table, and the parts to close, in the reverse order they were opened. */
public final class RunningService implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RunningService.class);

    private final Deque<AutoCloseable> parts = new ArrayDeque<>();
    private int port;
    private List<String> routes = List.of();

    <T extends AutoCloseable> T own(T part) {
        parts.push(part);
        return part;
    }

    void port(int port) {
        this.port = port;
    }

    public int port() {
        return port;
    }

    void routes(List<String> routes) {
        this.routes = List.copyOf(routes);
    }

    /** Every route the server answers, "METHOD path", in the order the features registered them. */
    public List<String> routes() {
        return routes;
    }

    @Override
    public synchronized void close() {
        while (!parts.isEmpty()) {
            AutoCloseable part = parts.pop();
            try {
                part.close();
            } catch (Exception e) {
                log.warn("error while stopping {}", part.getClass().getSimpleName(), e);
            }
        }
    }
}
