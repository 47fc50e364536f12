package io.mediaopt.video;

import java.time.Duration;

/**
 * News of a chunk this node encoded and recorded done, for the jobs of this node that wait for
 * their chunks ({@link ChunkGathering}): they read their rows at once instead of at their next
 * look, which still finds the chunks other nodes encode.
 */
final class ChunksEnded {
    private long count;

    /** A chunk was recorded done here. */
    synchronized void ended() {
        count++;
        notifyAll();
    }

    /** How many have been so far: what {@link #awaitAfter} waits to see grow. */
    synchronized long seen() {
        return count;
    }

    /** Waits until a chunk ends here after {@code seen} were, or {@code longest} passes. */
    synchronized void awaitAfter(long seen, Duration longest) throws InterruptedException {
        long until = System.nanoTime() + longest.toNanos();
        for (long left = longest.toNanos(); count == seen && left > 0; left = until - System.nanoTime()) {
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
