package io.mediaopt;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

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

    /** Runs a chore now and every ten minutes, on a thread of its own named after it, until closed. */
    void schedule(Feature.Chore chore) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name(chore.name()).daemon().factory());
        own(scheduler::shutdownNow);
        scheduler.scheduleWithFixedDelay(() -> {
            try {
                chore.task().run();
            } catch (RuntimeException e) {
                log.warn("{} run failed", chore.name(), e);
            }
        }, 0, Duration.ofMinutes(10).toMinutes(), TimeUnit.MINUTES);
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
