package io.mediaopt.jobs;

import io.mediaopt.database.JobStoreException;

import io.mediaopt.ServiceException;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Polyglots;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Progress;
import io.mediaopt.media.QueueDeadline;
import io.mediaopt.media.SharedInput;
import io.mediaopt.metrics.ServiceMetrics;
import io.mediaopt.renditions.EarlyFiles;
import io.mediaopt.renditions.HlsPublication;
import io.mediaopt.renditions.Made;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.renditions.RenditionKeys;
import io.mediaopt.renditions.RenditionMaker;
import io.mediaopt.storage.Storage;
import io.mediaopt.usage.UsageCounters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Runs one claimed job from its input file to a stored output, in two steps: {@link #encode}
 * (optimize, make the renditions it asked for) and {@link #store} (store them, mark done, count
 * usage and metrics). Any failure fails the job ({@link JobFailures}) and is rethrown for a caller
 * that waits, except an outage met by a queued job, which is handed to its worker to wait out.
 */
public final class JobProcessor {
    private static final Logger log = LoggerFactory.getLogger(JobProcessor.class);
    /** How long a job whose output is stored keeps asking an unreachable database to record it done. */
    private static final Duration RECORD_DONE_FOR = Duration.ofSeconds(10);

    private final Map<MediaKind, Optimizer> optimizers;
    private final Storage storage;
    private final JobStore store;
    private final UsageCounters usage;
    private final ServiceMetrics metrics;
    private final Clock clock;
    private final RenditionMaker renditions;
    private final Outages outages;
    private final JobFailures failures;
    private final PlayableJobs playable;
    private final EarlyFiles earlyFiles;

    public JobProcessor(Map<MediaKind, Optimizer> optimizers, Storage storage,
                        JobStore store, UsageCounters usage, ServiceMetrics metrics, Clock clock,
                        RenditionMaker renditions, Outages outages, JobFailures failures, PlayableJobs playable) {
        this.optimizers = Map.copyOf(optimizers);
        this.storage = storage;
        this.store = store;
        this.usage = usage;
        this.metrics = metrics;
        this.clock = clock;
        this.renditions = renditions;
        this.outages = outages;
        this.failures = failures;
        this.playable = playable;
        this.earlyFiles = playable.earlyFiles(storage);
    }

    /**
     * What an encoding made, in its work directory, before anything is stored: the result the
     * job will carry, the key its output will be stored under, the output file, the renditions, and
     * what the attempt stored early (an HLS ladder, while the job runs).
     */
    public record Encoded(OptimizationResult result, String outputKey, Path output, String contentType, List<Made> made,
                          HlsPublication early) {}

    /** Deletes a batch of the files attempts stored early and left (their node stopped); returns how many. */
    int sweepEarlyFiles() {
        return earlyFiles.sweep();
    }

    /**
     * Processes the job, whose input is at {@code input}, inside {@code workDir}, waiting for
     * shared encoders until {@code deadline} at most; returns it done.
     */
    public Job process(Job job, Path input, Path workDir, QueueDeadline deadline) {
        return store(job, encode(job, input, workDir, deadline, null));
    }

    /**
     * Optimizes the input and makes the renditions the job asked for, inside {@code workDir};
     * stores nothing. The output is left in {@code workDir} for {@link #store}, and, when
     * {@code answerCopy} is given, also at that path (a link where the file system allows),
     * for a request to send while the output is stored.
     */
    public Encoded encode(Job job, Path input, Path workDir, QueueDeadline deadline, Path answerCopy) {
        metrics.jobAttempt(job.origin().queued() ? "queued" : "sync");
        return failingOn(job, () -> encodeHere(job, input, workDir, deadline, answerCopy));
    }

    /** Stores what {@link #encode} made and marks the job done; returns it as now recorded. */
    public Job store(Job job, Encoded encoded) {
        Job done = failingOn(job, () -> storeHere(job, encoded));
        JobRequest request = job.request();
        OptimizationResult result = encoded.result();
        metrics.optimization(job.media().kind().wireName(), request.preset().name(), result.strategy(),
                ServiceMetrics.OK, request.inputBytes(), result.outputBytes());
        log.info("job {} done: {} {} → {} bytes ({})", job.id(), job.media().shortName(), request.inputBytes(),
                result.outputBytes(), result.strategy());
        return done;
    }

    private interface Step<T> {
        T run() throws IOException;
    }

    private <T> T failingOn(Job job, Step<T> step) {
        try {
            return step.run();
        } catch (IOException | RuntimeException e) {
            Optional<ServiceException> outage = outages.behind(e);
            // a queued job waits the outage out; a synchronous one answers with it
            if (outage.isPresent() && job.origin().queued()) throw new OutageException(outage.get());
            ServiceException failure = outage.orElseGet(() -> e instanceof ServiceException se ? se : ServiceException.internalFailure(e));
            metrics.optimization(job.media().kind().wireName(), job.request().preset().name(), ServiceMetrics.NO_STRATEGY,
                    failure.errorCode().wireName(), 0, 0);
            failures.fail(job, failure.errorCode(), failure.getMessage(), e);
            throw failure;
        }
    }

    /**
     * One key per attempt: a node that lost its lease must not overwrite or delete the winner's
     * output. What the attempt stored early goes when it does not end done.
     */
    private Encoded encodeHere(Job job, Path input, Path workDir, QueueDeadline deadline, Path answerCopy) throws IOException {
        String attempt = RenditionKeys.attemptPrefix(job.id(), job.state().attempts()) + UUID.randomUUID();
        HlsPublication early = new HlsPublication(storage, playable, clock, job.id(), attempt + "/");
        try {
            return encodeHere(job, input, workDir, deadline, answerCopy, attempt, early);
        } catch (IOException | RuntimeException e) {
            early.withdraw();
            throw e;
        }
    }

    private Encoded encodeHere(Job job, Path input, Path workDir, QueueDeadline deadline, Path answerCopy,
                               String attempt, HlsPublication early) throws IOException {
        JobRequest request = job.request();
        Preset preset = request.preset();
        Optimizer optimizer = optimizers.get(job.media().kind());
        // an input the service has not read whole (one a client put into the bucket itself) is
        // walked whole before anything decodes it: it was sniffed from its first bytes only
        if (job.origin().inputUnchecked()) {
            metrics.polyglotWalk(job.origin().wireName());
            Polyglots.refuse(input, job.media());
        }
        // the ladder a player waits on goes first, at full speed on every core, before the main output
        Progress progress = new JobProgress(store, job.id(), clock);
        RenditionMaker.EarlyHls earlyHls = renditions.playEarly(request.renditions(), job.media().kind(), input,
                preset, workDir, early, progress, shared(job));
        long started = System.nanoTime();
        Optimized optimized = optimizer.optimize(input, job.media(), request.options().applyTo(preset), workDir,
                earlyHls == null ? progress : earlyHls.afterLadder(progress), deadline,
                shared(job));
        metrics.encodeTime(job.media().kind().wireName(), Duration.ofNanos(System.nanoTime() - started));
        // renditions follow the preset itself, from the input
        List<Made> made = renditions.make(request.renditions(), input, preset, optimized, workDir, earlyHls);
        long outputBytes = Files.size(optimized.output());
        String filename = OutputNames.forOutput(request.filename(), optimized.extension());
        String outputKey = attempt + "." + optimized.extension();
        // storing consumes the file it stores: an output that is the input itself (kept, never
        // bigger) is stored from a link of its own, so the input's owner may delete the input
        Path output = optimized.output().startsWith(workDir) ? optimized.output()
                : OutputCopies.make(optimized.output(), workDir.resolve("output." + optimized.extension()));
        if (answerCopy != null) OutputCopies.make(output, answerCopy);
        OptimizationResult result = OptimizationResult.of(optimized, filename, request.inputBytes(), outputBytes)
                .withRenditions(made.stream().map(Made::rendition).toList(), null);
        return new Encoded(result, outputKey, output, optimized.contentType(), made, early);
    }

    /** A queued job's stored input, which other nodes may read while it runs. */
    private static Optional<SharedInput> shared(Job job) {
        String key = job.state().inputKey();
        return job.origin().queued() && key != null ? Optional.of(new SharedInput(job.id(), key)) : Optional.empty();
    }

    private Job storeHere(Job job, Encoded encoded) {
        try {
            storage.put(encoded.outputKey(), encoded.output(), encoded.contentType());
        } catch (RuntimeException e) {
            encoded.early().withdraw();
            throw e;
        }
        List<String> stored = new ArrayList<>(List.of(encoded.outputKey()));
        long now = clock.millis();
        try {
            storeRenditions(encoded.made(), encoded.outputKey(), stored, encoded.early());
            if (!recordDone(job, encoded.result(), encoded.outputKey(), now)) {
                throw new IllegalStateException("Job " + job.id() + " is no longer held by this node");
            }
        } catch (RuntimeException e) {
            stored.forEach(this::deleteUnrecorded);
            encoded.early().withdraw();
            throw e;
        }
        encoded.early().settle();
        usage.record(job.request().owner(), job.request().inputBytes(), encoded.result().outputBytes());
        // the row just written, as written: nothing else changes a job a node holds
        return job.with(job.state().done(encoded.result(), encoded.outputKey(), now));
    }

    /**
     * Marks the job done; the output is stored already, so a database that does not answer is
     * asked again for a while rather than the work thrown away. A retry that finds the job done
     * with this output finds the first try's write, whose answer the outage swallowed.
     */
    private boolean recordDone(Job job, OptimizationResult result, String outputKey, long now) {
        long giveUpAt = System.nanoTime() + RECORD_DONE_FOR.toNanos();
        long pauseMillis = 250;
        boolean retried = false;
        while (true) {
            try {
                return store.markDone(job.id(), job.state().leaseOwner(), result, outputKey, now)
                        || retried && store.find(job.id())
                                .filter(j -> j.state().status() == JobStatus.DONE && outputKey.equals(j.state().outputKey())).isPresent();
            } catch (JobStoreException e) {
                if (!e.isOutage() || System.nanoTime() - giveUpAt > 0) throw e;
                log.warn("job {} is done but the job database does not answer; asking again in {} ms", job.id(),
                        pauseMillis);
            }
            retried = true;
            pause(pauseMillis);
            pauseMillis = Math.min(pauseMillis * 2, 2000);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ServiceException.internalFailure(e);
        }
    }

    /** A file of an attempt that did not end done; one storage cannot delete now is left to say so in the log. */
    private void deleteUnrecorded(String key) {
        try {
            storage.delete(key);
        } catch (RuntimeException e) {
            log.warn("cannot delete {}, stored by an attempt that did not end done: {}", key, e.toString());
        }
    }

    /** Stores each rendition beside the output, but for a segment stored early, noting every key stored. */
    private void storeRenditions(List<Made> made, String outputKey, List<String> stored, HlsPublication early) {
        for (Made m : made) {
            String key = RenditionKeys.key(outputKey, m.rendition().name());
            if (!early.settled(m.rendition().name())) storage.put(key, m.file(), m.rendition().contentType());
            stored.add(key);
        }
    }
}
