package io.mediaopt.jobs;

import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The encoding slots (SERVICE_WORKERS) shared by synchronous requests and the job queue. A
 * dispatcher thread claims queued jobs whenever a slot is free; a synchronous request takes a
 * slot directly and gives up with 503 busy when none frees up in time.
 */
public final class Workers implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Workers.class);
    private static final Duration IDLE_POLL = Duration.ofSeconds(1);
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final Semaphore slots;
    private final Duration queueTimeout;
    private final JobStore store;
    private final JobProcessor processor;
    private final Storage storage;
    private final Path workRoot;
    private final Clock clock;
    private final ExecutorService encoders = Executors.newVirtualThreadPerTaskExecutor();
    private final Object wakeUp = new Object();
    private volatile boolean running;
    private Thread dispatcher;

    public Workers(int slotCount, Duration queueTimeout, JobStore store, JobProcessor processor,
                   Storage storage, Path workRoot, Clock clock) {
        this.slots = new Semaphore(slotCount, true);
        this.queueTimeout = queueTimeout;
        this.store = store;
        this.processor = processor;
        this.storage = storage;
        this.workRoot = workRoot;
        this.clock = clock;
    }

    /** Starts taking queued jobs. */
    public synchronized void start() throws IOException {
        deleteTree(workRoot);
        Files.createDirectories(workRoot);
        running = true;
        dispatcher = Thread.ofPlatform().name("job-dispatcher").daemon().start(this::dispatch);
    }

    /** Tells the dispatcher a job was queued, so it need not wait for its next poll. */
    public void jobQueued() {
        synchronized (wakeUp) {
            wakeUp.notifyAll();
        }
    }

    /**
     * Runs work for a synchronous request in a slot and a fresh work directory, waiting at most
     * the queue timeout for the slot.
     */
    public <T> T runNow(String jobId, Function<Path, T> work) {
        boolean acquired;
        try {
            acquired = slots.tryAcquire(queueTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BusyException("The request was interrupted while waiting for an encoder", 1);
        }
        if (!acquired) {
            throw new BusyException("All encoders are busy; retry later", retryAfterSeconds());
        }
        try {
            return inWorkDir(jobId, work);
        } finally {
            slots.release();
        }
    }

    private void dispatch() {
        while (running) {
            try {
                slots.acquire();
                Optional<Job> claimed = claim();
                if (claimed.isPresent()) {
                    Job job = claimed.get();
                    encoders.submit(() -> runQueued(job));
                } else {
                    slots.release();
                    idle();
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private Optional<Job> claim() {
        try {
            return store.claimNext(clock.millis());
        } catch (RuntimeException e) {
            log.warn("cannot claim a job", e);
            return Optional.empty();
        }
    }

    private void idle() throws InterruptedException {
        synchronized (wakeUp) {
            wakeUp.wait(IDLE_POLL.toMillis());
        }
    }

    private void runQueued(Job job) {
        try {
            inWorkDir(job.id(), workDir -> {
                Path input = workDir.resolve("input");
                try {
                    storage.copyTo(job.inputKey(), input);
                } catch (IOException | RuntimeException e) {
                    store.markFailed(job.id(), StorageException.CODE, "The uploaded input could not be read back from storage",
                            clock.millis());
                    throw new JobFailedException(e);
                }
                return processor.process(job, input, workDir);
            });
        } catch (RuntimeException e) {
            // the processor has recorded the failure on the job
            log.debug("queued job {} ended with {}", job.id(), e.toString());
        } finally {
            slots.release();
            deleteStoredInput(job);
        }
    }

    private void deleteStoredInput(Job job) {
        try {
            storage.delete(job.inputKey());
        } catch (IOException | RuntimeException e) {
            log.warn("cannot delete the input of job {}", job.id(), e);
        }
    }

    private <T> T inWorkDir(String jobId, Function<Path, T> work) {
        Path dir = workRoot.resolve(jobId);
        try {
            Files.createDirectories(dir);
            return work.apply(dir);
        } catch (IOException e) {
            throw new JobFailedException(e);
        } finally {
            deleteTree(dir);
        }
    }

    /** A hint for Retry-After: roughly how long a slot takes to free up. */
    private int retryAfterSeconds() {
        return (int) Math.max(1, Math.min(60, queueTimeout.toSeconds() / 2));
    }

    @Override
    public void close() {
        running = false;
        synchronized (this) {
            if (dispatcher != null) dispatcher.interrupt();
        }
        // Jobs still encoding after this stay "processing" and are retried after the restart.
        encoders.shutdown();
        try {
            encoders.awaitTermination(STOP_GRACE.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            log.warn("cannot delete {}", dir, e);
        }
    }
}
