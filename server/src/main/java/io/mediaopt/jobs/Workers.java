package io.mediaopt.jobs;

import io.mediaopt.ServiceException;
import io.mediaopt.ErrorCode;
import io.mediaopt.logs.LogContext;
import io.mediaopt.media.QueueDeadline;
import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The encoding slots of this node, shared by synchronous requests and the job queue. A
 * dispatcher thread claims queued jobs (leased to this node) whenever a slot is free; a
 * synchronous request takes a slot directly and gives up with 503 busy when none frees up in
 * time. A queued job that waits for units of work (the chunks of its video) lends its slot
 * meanwhile ({@link EncodingSlots}). Leases of running jobs are renewed until they end, waiting
 * or not; on stop, jobs that did not finish in the grace period are handed back to the queue. The
 * dispatcher also runs the {@link Sweeps} once a lease period.
 */
public final class Workers implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Workers.class);
    /** How often a dispatcher kept from taking jobs by an outage looks at the gate again. */
    private static final Duration GATE_POLL = Duration.ofMillis(250);

    private final WorkerSettings settings;
    private final EncodingSlots slots;
    private final JobStore store;
    private final JobProcessor processor;
    private final Storage storage;
    private final WorkDirs workDirs;
    private final JobFailures failures;
    private final Clock clock;
    private final ExecutorService encoders = Executors.newVirtualThreadPerTaskExecutor();
    private final ScheduledExecutorService leaseKeeper = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("lease-keeper").daemon().factory());
    private final HeldJobs held;
    private final Object wakeUp = new Object();
    /** How many times the dispatcher was woken: one that comes while it looks for work is not lost. */
    private long wakes;
    private final OutageGate gate;
    private final EndedInputs endedInputs;
    private final Sweeps sweeps;
    private final OutageRetries outageRetries;
    private final UnitsOfWork units;
    private volatile boolean running;
    private Thread dispatcher;

    /**
     * {@code slots}: this node's, {@code settings.slots()} of them; {@code units}: work a free
     * slot takes before a queued job ({@link UnitsOfWork#NONE}: none).
     */
    public Workers(WorkerSettings settings, EncodingSlots slots, JobStore store, JobProcessor processor, Storage storage,
                   WorkDirs workDirs, JobFailures failures, Clock clock, OutageGate.Probe dependencies,
                   UnitsOfWork units) {
        this.units = units;
        this.settings = settings;
        this.slots = slots;
        this.store = store;
        this.processor = processor;
        this.storage = storage;
        this.workDirs = workDirs;
        this.failures = failures;
        this.clock = clock;
        this.gate = new OutageGate(dependencies);
        this.endedInputs = new EndedInputs(store, storage);
        this.outageRetries = new OutageRetries(store, gate, failures, clock, settings);
        this.held = new HeldJobs(store, clock, settings.nodeId());
        this.sweeps = new Sweeps(store, storage, processor, failures, endedInputs, units, gate, settings, clock);
        // a slot lent by a job that waits for its chunks, or given back, is taken at once
        slots.whenFreed(this::jobQueued);
        // and so are the units recorded on this node (a job's chunks)
        units.whenAdded(this::jobQueued);
    }

    /** Starts renewing leases and, when this node processes the queue, taking queued jobs. */
    public synchronized void start() throws IOException {
        workDirs.clear();
        running = true;
        long renewEvery = Math.max(1, settings.lease().toMillis() / 3);
        leaseKeeper.scheduleWithFixedDelay(() -> held.renew(this::newLease), renewEvery, renewEvery,
                TimeUnit.MILLISECONDS);
        if (settings.processQueue()) {
            dispatcher = Thread.ofPlatform().name("job-dispatcher").daemon().start(this::dispatch);
        }
    }

    /** Encoding slots in use right now. */
    public int busy() {
        return slots.busy();
    }

    public boolean processesQueue() {
        return settings.processQueue();
    }

    /** A lease for a job this node starts now. */
    public JobStore.Lease newLease() {
        return new JobStore.Lease(settings.nodeId(), clock.millis() + settings.lease().toMillis());
    }

    /** Tells the dispatcher a job was queued, or a slot freed, so it need not wait for its next poll. */
    public void jobQueued() {
        synchronized (wakeUp) {
            wakes++;
            wakeUp.notifyAll();
        }
    }

    private long wakes() {
        synchronized (wakeUp) {
            return wakes;
        }
    }

    /**
     * An encoding slot for the synchronous job {@code jobId}, whose lease is kept while the slot
     * is held. Waiting for the slot, and for any encoder the work waits for after it, takes at
     * most the queue timeout in all: {@link RequestSlot#deadline()} is what is left of it. When
     * no slot is free at once, {@code beforeWaiting} runs first: a refusal it throws ends the
     * request without the wait.
     */
    public RequestSlot slotForRequest(String jobId, Runnable beforeWaiting) {
        Duration timeout = settings.queueTimeout();
        QueueDeadline deadline = QueueDeadline.startingNow(timeout, () -> BusyException.encodersBusy(timeout));
        acquireForRequest(deadline, beforeWaiting);
        held.holdForRequest(jobId);
        return new RequestSlot(deadline, () -> {
            held.release(jobId);
            slots.release();
        });
    }

    /** A slot a synchronous request holds until it is closed, and the deadline of its waits. */
    public record RequestSlot(QueueDeadline deadline, Runnable release) implements AutoCloseable {
        @Override
        public void close() {
            release.run();
        }
    }

    private void acquireForRequest(QueueDeadline deadline, Runnable beforeWaiting) {
        try {
            // timed even at zero, so that a request keeps its turn behind those already waiting
            if (slots.tryAcquire(0)) return;
            beforeWaiting.run();
            if (slots.tryAcquire(deadline.left())) return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BusyException("The request was interrupted while waiting for an encoder", 1);
        }
        throw BusyException.encodersBusy(settings.queueTimeout());
    }

    private void dispatch() {
        long nextSweep = 0;
        while (running) {
            try {
                if (!gate.open()) {
                    Thread.sleep(GATE_POLL.toMillis());
                    continue;
                }
                // once it opens again, first what the outage kept from being done
                if (gate.reopenedSinceAsked() || clock.millis() >= nextSweep) {
                    sweeps.all();
                    nextSweep = clock.millis() + settings.lease().toMillis();
                }
                slots.acquireForDispatch();
                long woken = wakes();
                // a unit of a job already running goes first: that job ends sooner
                Optional<Runnable> unit = gate.open() ? units.claimOne() : Optional.empty();
                if (unit.isPresent()) {
                    encoders.submit(() -> {
                        try {
                            unit.get().run();
                        } finally {
                            slots.release();
                        }
                    });
                    continue;
                }
                // the job that freed the slot may have met an outage
                Optional<Job> claimed = gate.open() ? claim() : Optional.empty();
                if (claimed.isPresent()) {
                    Job job = claimed.get();
                    held.holdQueued(job.id());
                    slots.heldBy(job.id());
                    encoders.submit(() -> runQueued(job));
                } else {
                    slots.returnUnused();
                    idle(woken);
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private Optional<Job> claim() {
        try {
            return store.claimNext(newLease(), settings.maxAttempts(), clock.millis());
        } catch (RuntimeException e) {
            if (!gate.closeIfOutage(e)) log.warn("cannot claim a job", e);
            return Optional.empty();
        }
    }

    /** Waits for the next wake, unless one came since {@code woken}, or for the next look. */
    private void idle(long woken) throws InterruptedException {
        synchronized (wakeUp) {
            if (wakes == woken) wakeUp.wait(Math.min(1000, settings.lease().toMillis()));
        }
    }

    private void runQueued(Job job) {
        LogContext.withJob(job.id(), job.request().requestId(), () -> {
            runQueuedHere(job);
            return null;
        });
    }

    private void runQueuedHere(Job job) {
        try {
            workDirs.within(job.id(), workDir -> {
                Path input = workDir.resolve("input");
                try {
                    storage.copyTo(job.state().inputKey(), input);
                } catch (StorageException e) {
                    if (e.isOutage()) throw new OutageException(e);
                    failures.fail(job, ErrorCode.STORAGE_FAILED, "The uploaded input could not be read back from storage", e);
                    throw ServiceException.internalFailure(e);
                }
                return processor.process(job, input, workDir, QueueDeadline.NONE);
            });
        } catch (OutageException e) {
            outageRetries.waitOut(job, e.outage(), () -> running);
        } catch (RuntimeException e) {
            // the processor has recorded the failure on the job, unless the database was out: then
            // the lease runs out and the job is claimed again
            if (!gate.closeIfOutage(e)) log.debug("queued job {} ended with {}", job.id(), e.toString());
        } finally {
            held.release(job.id());
            slots.releasedBy(job.id());
            deleteInputIfEnded(job);
        }
    }

    /**
     * A job handed back to the queue, or taken over by another node, still needs its input. One
     * storage cannot delete now is left to the sweep once it is back.
     */
    private void deleteInputIfEnded(Job job) {
        try {
            endedInputs.deleteIfEnded(job);
        } catch (RuntimeException e) {
            if (!gate.closeIfOutage(e)) log.warn("cannot delete the input of job {}", job.id(), e);
        }
    }

    /**
     * Stops taking jobs, lets running ones finish within the grace period, then hands the queued
     * ones still running back to the queue for another node (or the next start).
     */
    @Override
    public void close() {
        running = false;
        synchronized (this) {
            if (dispatcher != null) dispatcher.interrupt();
        }
        encoders.shutdown();
        try {
            if (!encoders.awaitTermination(settings.stopGrace().toMillis(), TimeUnit.MILLISECONDS)) {
                held.handBack();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            held.handBack();
        }
        units.stop();
        leaseKeeper.shutdownNow();
    }
}
