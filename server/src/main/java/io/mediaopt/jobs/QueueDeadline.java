package io.mediaopt.jobs;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * How long a synchronous request may still wait for encoders. The request's wait starts when it
 * asks for a worker slot and ends SERVICE_QUEUE_TIMEOUT_MS later, whatever it waits for on the
 * way (the slot, then the gate of video encodes), so it gets its result or {@code 503 busy},
 * never an open-ended wait. Queued jobs run without one and wait in their slot as long as it takes.
 */
public final class QueueDeadline {
    private static final ScopedValue<QueueDeadline> CURRENT = ScopedValue.newInstance();

    private final long deadlineNanos;
    private final Duration queueTimeout;

    private QueueDeadline(long deadlineNanos, Duration queueTimeout) {
        this.deadlineNanos = deadlineNanos;
        this.queueTimeout = queueTimeout;
    }

    /** A deadline {@code queueTimeout} from now. */
    static QueueDeadline startingNow(Duration queueTimeout) {
        return new QueueDeadline(System.nanoTime() + queueTimeout.toNanos(), queueTimeout);
    }

    /** Runs {@code work} on this thread with this deadline for every {@link #acquire} it makes. */
    <T> T during(Supplier<T> work) {
        return ScopedValue.where(CURRENT, this).call(work::get);
    }

    /**
     * Takes a permit of {@code gate}: within what is left of the current request's deadline
     * (503 busy when none frees up by then), or for as long as it takes outside a request.
     */
    public static void acquire(Semaphore gate) {
        try {
            if (!CURRENT.isBound()) {
                gate.acquire();
                return;
            }
            QueueDeadline deadline = CURRENT.get();
            if (!gate.tryAcquire(deadline.left(), TimeUnit.NANOSECONDS)) {
                throw BusyException.encodersBusy(deadline.queueTimeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Waiting for an encoder was interrupted");
        }
    }

    /** Time left before the deadline, never negative. */
    long left() {
        return Math.max(0, deadlineNanos - System.nanoTime());
    }
}
