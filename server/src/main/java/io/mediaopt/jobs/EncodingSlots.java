package io.mediaopt.jobs;

import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The encoding slots of this node (SERVICE_WORKERS), taken by synchronous requests, queued jobs
 * and units of work ({@link UnitsOfWork}) alike. A queued job that only waits for work other
 * slots do (the chunks of its video, on any node) gives its slot back meanwhile
 * ({@link #whileWaiting}), and takes one again, before anything else that waits, to finish. Each
 * slot lent or given back is told to the listener {@link #whenFreed} names (the dispatcher), which
 * need not wait for its next look to take it.
 */
public final class EncodingSlots {
    private final int count;
    private final Semaphore permits;
    /** The queued jobs holding a slot of this node, with how many of their threads wait without it. */
    private final Map<String, Lender> lenders = new ConcurrentHashMap<>();
    /** Jobs taking their slot back after a wait: the dispatcher lets them go first. */
    private final AtomicInteger returning = new AtomicInteger();
    /** Signalled each time a job that took its slot back has it. */
    private final ReentrantLock turns = new ReentrantLock();
    private final Condition returned = turns.newCondition();
    private volatile Runnable freed = () -> { };

    public EncodingSlots(int count) {
        this.count = count;
        this.permits = new Semaphore(count, true);
    }

    /** Slots in use right now: never more than {@link #count}. */
    public int busy() {
        return count - permits.availablePermits();
    }

    int count() {
        return count;
    }

    /**
     * Runs {@code wait} without the slot of the queued job {@code jobId}, which other work takes
     * meanwhile, and takes a slot again before returning or throwing. A job that holds no slot of
     * this node's queue (a synchronous request) waits as it is.
     */
    public <T> T whileWaiting(String jobId, Callable<T> wait) throws Exception {
        Lender lender = lenders.get(jobId);
        if (lender == null) return wait.call();
        lender.lend();
        try {
            return wait.call();
        } finally {
            lender.takeBack();
        }
    }

    /** {@code listener} hears of each slot lent or given back from now on. */
    void whenFreed(Runnable listener) {
        this.freed = listener;
    }

    /** Takes a slot for the dispatcher, letting a job that takes its own back go first. */
    void acquireForDispatch() throws InterruptedException {
        while (true) {
            permits.acquire();
            if (returning.get() == 0) return;
            // the fair semaphore hands this permit to the job already waiting for it; the
            // dispatcher waits until that job has it
            permits.release();
            turns.lockInterruptibly();
            try {
                while (returning.get() > 0) returned.await();
            } finally {
                turns.unlock();
            }
        }
    }

    /** A slot the dispatcher took and found no work for: not news to the dispatcher. */
    void returnUnused() {
        permits.release();
    }

    boolean tryAcquire(long timeoutNanos) throws InterruptedException {
        return permits.tryAcquire(timeoutNanos, TimeUnit.NANOSECONDS);
    }

    void release() {
        permits.release();
        freed.run();
    }

    /** The queued job {@code jobId} runs in a slot taken for it: it may lend it while it waits. */
    void heldBy(String jobId) {
        lenders.put(jobId, new Lender());
    }

    /** The queued job {@code jobId} ended here, and gives its slot back. */
    void releasedBy(String jobId) {
        lenders.remove(jobId);
        permits.release();
        freed.run();
    }

    /** One job's slot: lent while any of its threads waits, taken back when the last stops. */
    private final class Lender {
        private final ReentrantLock lock = new ReentrantLock();
        private int waiting;

        void lend() {
            lock.lock();
            try {
                if (waiting++ != 0) return;
                permits.release();
            } finally {
                lock.unlock();
            }
            freed.run();
        }

        void takeBack() {
            lock.lock();
            try {
                if (--waiting == 0) {
                    returning.incrementAndGet();
                    try {
                        permits.acquireUninterruptibly();
                    } finally {
                        returning.decrementAndGet();
                        turns.lock();
                        try {
                            returned.signalAll();
                        } finally {
                            turns.unlock();
                        }
                    }
                }
            } finally {
                lock.unlock();
            }
        }
    }
}
