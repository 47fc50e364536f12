package io.mediaopt.jobs;

import java.util.Optional;

/**
 * Work smaller than a job that a node's free encoding slot may take before a queued job: a chunk
 * of a long video another node's job waits for. What {@link #claimOne} returns runs in the slot.
 */
@FunctionalInterface
public interface UnitsOfWork {
    UnitsOfWork NONE = Optional::empty;

    /**
     * The work of one claimed unit, or empty when there is none to take or it cannot be told.
     * Neither this nor the work throws: each logs its own failures.
     */
    Optional<Runnable> claimOne();

    /**
     * Deletes the units, and what they stored, of jobs that ended (done or failed) or are gone
     * without using them; returns how many went. Throws when the database or storage fails.
     */
    default int sweepEnded() {
        return 0;
    }

    /** {@code listener} hears each time units are added that this node's free slots may take at once. */
    default void whenAdded(Runnable listener) {}

    /** Called once this node's slots stopped: what the units keep on this node (files) goes. */
    default void stop() {}
}
