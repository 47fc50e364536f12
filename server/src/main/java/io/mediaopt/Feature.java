package io.mediaopt;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * One feature of the service as {@code Main} lists it: the routes it answers, what
 * {@code /api/health} asks it, the chores it runs every ten minutes and the threads it starts.
 * Each feature's package builds its parts from the shared ones it is given; Main only lists them.
 */
public interface Feature {
    /** Registers its routes; called once, in the order Main lists the features. */
    default void routes(Routes routes) {}

    /** The dependencies it reports on at {@code /api/health}, in the order the report shows them. */
    default List<HealthCheck> checks() {
        return List.of();
    }

    /** What it runs now and every ten minutes, each on a thread of its own. */
    default List<Chore> chores() {
        return List.of();
    }

    /** Starts its threads, once every feature is built and before the server listens. */
    default void start() throws IOException {}

    /** A dependency's check: a detail (a version, say) when it answers, an exception when it does not. */
    record HealthCheck(String name, Callable<String> check) {}

    /** A task run now and every ten minutes on a thread named {@code name}. */
    record Chore(String name, Runnable task) {}
}
