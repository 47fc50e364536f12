package io.mediaopt.media;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * How long a synchronous request may still wait for encoders. The request's wait starts when it
 * asks for a worker slot and ends SERVICE_QUEUE_TIMEOUT_MS later, whatever it waits for on the
 * way (the slot, then the gate of video encodes), so it gets its result or {@code 503 busy},
 * never an open-ended wait. Queued jobs run with {@link #NONE} and wait in their slot as long
 * as it takes. It is passed down to the optimizer with the work, never kept aside.
 */
public final class QueueDeadline {
    /** No deadline: every wait lasts as long as it takes. */
    public static final QueueDeadline NONE = new QueueDeadline(0, null);

    private final long deadlineNanos;
    private final Supplier<? extends RuntimeException> whenPassed;

    private QueueDeadline(long deadlineNanos, Supplier<? extends RuntimeException> whenPassed) {
        this.deadlineNanos = deadlineNanos;
        this.whenPassed = whenPassed;
    }

    /** A deadline {@code timeout} from now; a wait it ends throws what {@code whenPassed} makes. */
    public static QueueDeadline startingNow(Duration timeout, Supplier<? extends RuntimeException> whenPassed) {
        return new QueueDeadline(System.nanoTime() + timeout.toNanos(), whenPassed);
    }

    /**
     * Takes a permit of {@code gate}: within what is left of the deadline (what {@code whenPassed}
     * makes is thrown when none frees up by then), or for as long as it takes without one.
     */
    public void acquire(Semaphore gate) {
        try {
            if (whenPassed == null) {
                gate.acquire();
            } else if (!gate.tryAcquire(left(), TimeUnit.NANOSECONDS)) {
                throw whenPassed.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Waiting for an encoder was interrupted");
        }
    }

    /** Time left before the deadline, never negative. */
    public long left() {
        return whenPassed == null ? Long.MAX_VALUE : Math.max(0, deadlineNanos - System.nanoTime());
    }
}
