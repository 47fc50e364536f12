package io.mediaopt.video;

import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

/**
 * Work started on a virtual thread while the caller does something else. {@link #stop()}
 * interrupts it and returns only once it has ended, so whatever it cleans up on interruption
 * (a killed encoder, a deleted output) is done before the caller goes on.
 */
final class BackgroundTask<T> {
    private final FutureTask<T> task;
    private final Thread thread;
    private volatile boolean taken;

    private BackgroundTask(Callable<T> work, String name) {
        this.task = new FutureTask<>(work);
        this.thread = Thread.ofVirtual().name(name).start(task);
    }

    static <T> BackgroundTask<T> start(String name, Callable<T> work) {
        return new BackgroundTask<>(work, name);
    }

    /** Its result, or what it threw; an interrupted wait stops it first. */
    T await() {
        try {
            T result = task.get();
            taken = true;
            return result;
        } catch (InterruptedException e) {
            stop();
            Thread.currentThread().interrupt();
            throw new CancellationException("Waiting for " + thread.getName() + " was interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) throw runtime;
            if (e.getCause() instanceof Error error) throw error;
            throw new IllegalStateException(thread.getName() + " failed", e.getCause());
        }
    }

    /**
     * Interrupts the work unless it has ended, and waits until its thread has; the result when
     * it had finished with one that {@link #await()} never handed out, for the caller to dispose of.
     */
    Optional<T> stop() {
        task.cancel(true);
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        return task.state() == Future.State.SUCCESS && !taken ? Optional.ofNullable(task.resultNow()) : Optional.empty();
    }
}
