package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Polyglots;
import io.mediaopt.media.Preset;
import io.mediaopt.media.QueueDeadline;
import io.mediaopt.media.Rendition;
import io.mediaopt.metrics.ServiceMetrics;
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
 * Runs one claimed job from its input file to a stored output: optimize, store, make and store
 * the renditions it asked for, mark done, count usage and metrics. Any failure marks the job failed and is rethrown for a caller that
 * waits, except an outage met by a queued job, which is handed to its worker to wait out.
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
    private final PlayableJobs playable;

    public JobProcessor(Map<MediaKind, Optimizer> optimizers, Storage storage,
                        JobStore store, UsageCounters usage, ServiceMetrics metrics, Clock clock,
                        RenditionMaker renditions, Outages outages, PlayableJobs playable) {
        this.playable = playable;
        this.optimizers = Map.copyOf(optimizers);
        this.storage = storage;
        this.store = store;
        this.usage = usage;
        this.metrics = metrics;
        this.clock = clock;
        this.renditions = renditions;
        this.outages = outages;
    }

    /**
     * Processes the job, whose input is at {@code input}, inside {@code workDir}, waiting for
     * shared encoders until {@code deadline} at most; returns it done.
     */
    public Job process(Job job, Path input, Path workDir, QueueDeadline deadline) {
        metrics.jobAttempt(job.state().inputKey() == null ? "sync" : "queued");
        JobRequest request = job.request();
        try {
            Job done = optimizeAndStore(job, input, workDir, deadline);
            OptimizationResult result = done.state().result();
            metrics.optimization(job.media().kind().wireName(), request.preset().name(), result.strategy(),
                    ServiceMetrics.OK, request.inputBytes(), result.outputBytes());
            log.info("job {} done: {} {} → {} bytes ({})", job.id(), job.media().shortName(), request.inputBytes(),
                    result.outputBytes(), result.strategy());
            return done;
        } catch (IOException | RuntimeException e) {
            Optional<ServiceException> outage = outages.behind(e);
            // a queued job waits the outage out; a synchronous one answers with it
            if (outage.isPresent() && job.state().inputKey() != null) throw new OutageException(outage.get());
            ServiceException failure = outage.orElseGet(() -> e instanceof ServiceException se ? se : ServiceException.internalFailure(e));
            fail(job, failure.errorCode(), failure.getMessage(), e);
            throw failure;
        }
    }

    /**
     * One key per attempt: a node that lost its lease must not overwrite or delete the winner's
     * output. What the attempt stored early (an HLS ladder, while the job runs) goes when it does not end done.
     */
    private Job optimizeAndStore(Job job, Path input, Path workDir, QueueDeadline deadline) throws IOException {
        String attempt = RenditionKeys.attemptPrefix(job.id(), job.state().attempts()) + UUID.randomUUID();
        HlsPublication early = new HlsPublication(storage, playable, clock, job.id(), attempt + "/");
        try {
            return optimizeAndStore(job, input, workDir, deadline, attempt, early);
        } catch (IOException | RuntimeException e) {
            early.withdraw();
            throw e;
        }
    }

    private Job optimizeAndStore(Job job, Path input, Path workDir, QueueDeadline deadline, String attempt,
                                 HlsPublication early) throws IOException {
        JobRequest request = job.request();
        Preset preset = request.preset();
        Optimizer optimizer = optimizers.get(job.media().kind());
        // an input read back from storage is walked whole before anything decodes it: one that a
        // client put into the bucket itself (a direct upload) was sniffed from its first bytes only
        if (job.state().inputKey() != null) Polyglots.refuse(input, job.media());
        // the ladder a player waits on goes first, at full speed on every core, before the main output
        RenditionMaker.EarlyHls earlyHls = renditions.playEarly(request.renditions(), job.media().kind(), input,
                preset, workDir, early);
        long started = System.nanoTime();
        Optimized optimized = optimizer.optimize(input, job.media(), request.options().applyTo(preset), workDir,
                new JobProgress(store, job.id(), clock), deadline);
        metrics.encodeTime(job.media().kind().wireName(), Duration.ofNanos(System.nanoTime() - started));
        // renditions follow the preset itself; before the output is stored: an output that is the input itself is moved away by storing it
        List<Made> made = renditions.make(request.renditions(), input, preset, optimized, workDir, earlyHls);
        long outputBytes = Files.size(optimized.output());
        String filename = OutputNames.forOutput(request.filename(), optimized.extension());
        String outputKey = attempt + "." + optimized.extension();
        storage.put(outputKey, optimized.output(), optimized.contentType());
        List<String> stored = new ArrayList<>(List.of(outputKey));
        try {
            OptimizationResult result = OptimizationResult.of(optimized, filename, request.inputBytes(), outputBytes)
                    .withRenditions(storeRenditions(made, outputKey, stored, early), null);
            if (!recordDone(job, result, outputKey)) {
                throw new IllegalStateException("Job " + job.id() + " is no longer held by this node");
            }
        } catch (RuntimeException e) {
            stored.forEach(this::deleteUnrecorded);
            throw e;
        }
        usage.record(request.owner(), request.inputBytes(), outputBytes);
        return store.find(job.id()).orElseThrow();
    }

    /**
     * Marks the job done; the output is stored already, so a database that does not answer is
     * asked again for a while rather than the work thrown away. A retry that finds the job done
     * with this output finds the first try's write, whose answer the outage swallowed.
     */
    private boolean recordDone(Job job, OptimizationResult result, String outputKey) {
        long giveUpAt = System.nanoTime() + RECORD_DONE_FOR.toNanos();
        long pauseMillis = 250;
        boolean retried = false;
        while (true) {
            try {
                return store.markDone(job.id(), job.state().leaseOwner(), result, outputKey, clock.millis())
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
    private List<Rendition> storeRenditions(List<Made> made, String outputKey, List<String> stored,
                                            HlsPublication early) {
        List<Rendition> list = new ArrayList<>();
        for (Made m : made) {
            String key = RenditionKeys.key(outputKey, m.rendition().name());
            if (!early.settled(m.rendition().name())) storage.put(key, m.file(), m.rendition().contentType());
            stored.add(key);
            list.add(m.rendition());
        }
        return list;
    }

    private void fail(Job job, ErrorCode code, String message, Exception cause) {
        if (cause instanceof ServiceException se && se.status() < 500) {
            log.warn("job {} failed: {} {}", job.id(), code.wireName(), message);
        } else {
            log.warn("job {} failed: {}", job.id(), code.wireName(), cause);
        }
        metrics.optimization(job.media().kind().wireName(), job.request().preset().name(), ServiceMetrics.NO_STRATEGY, code.wireName(), 0, 0);
        if (store.markFailed(job.id(), job.state().leaseOwner(), code, message, clock.millis())) {
            metrics.jobFailures(code, 1);
        }
    }
}
