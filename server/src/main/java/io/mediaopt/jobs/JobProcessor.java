package io.mediaopt.jobs;

import io.mediaopt.ServiceException;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.storage.Storage;
import io.mediaopt.usage.UsageCounters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;

/**
 * Runs one claimed job from its input file to a stored output: optimize, store, mark done,
 * count usage. Any failure marks the job failed and is rethrown for a caller that waits.
 */
public final class JobProcessor {
    private static final Logger log = LoggerFactory.getLogger(JobProcessor.class);

    private final Map<MediaKind, Optimizer> optimizers;
    private final Presets presets;
    private final Storage storage;
    private final JobStore store;
    private final UsageCounters usage;
    private final Clock clock;

    public JobProcessor(Map<MediaKind, Optimizer> optimizers, Presets presets, Storage storage,
                        JobStore store, UsageCounters usage, Clock clock) {
        this.optimizers = Map.copyOf(optimizers);
        this.presets = presets;
        this.storage = storage;
        this.store = store;
        this.usage = usage;
        this.clock = clock;
    }

    /** Processes the job, whose input is at {@code input}, inside {@code workDir}; returns it done. */
    public Job process(Job job, Path input, Path workDir) {
        try {
            Job done = optimizeAndStore(job, input, workDir);
            log.info("job {} done: {} {} → {} bytes ({})", job.id(), job.media().format(), job.inputBytes(),
                    done.result().outputBytes(), done.result().strategy());
            return done;
        } catch (ServiceException e) {
            fail(job, e.code(), e.getMessage(), e);
            throw e;
        } catch (IOException | RuntimeException e) {
            fail(job, "internal", "The job failed because of an internal error", e);
            throw new JobFailedException(e);
        }
    }

    private Job optimizeAndStore(Job job, Path input, Path workDir) throws IOException {
        Preset preset = presets.find(job.preset())
                .orElseThrow(() -> new IllegalStateException("Unknown preset " + job.preset()));
        Optimizer optimizer = optimizers.get(job.media().kind());
        Optimized optimized = optimizer.optimize(input, job.media(), preset, workDir);
        long outputBytes = Files.size(optimized.output());
        String filename = OutputNames.forOutput(job.filename(), optimized.extension());
        // One key per attempt: a node that lost its lease must not overwrite or delete the winner's output.
        String outputKey = "outputs/" + job.id() + "/" + job.attempts() + "-" + UUID.randomUUID()
                + (optimized.extension() == null ? "" : "." + optimized.extension());
        storage.put(outputKey, optimized.output(), optimized.contentType());
        OptimizationResult result = OptimizationResult.of(optimized, filename, job.inputBytes(), outputBytes);
        if (!store.markDone(job.id(), job.leaseOwner(), result, outputKey, clock.millis())) {
            storage.delete(outputKey);
            throw new IllegalStateException("Job " + job.id() + " is no longer held by this node");
        }
        usage.record(job.inputBytes(), outputBytes);
        return store.find(job.id()).orElseThrow();
    }

    private void fail(Job job, String code, String message, Exception cause) {
        if (cause instanceof ServiceException se && se.status() < 500) {
            log.info("job {} failed: {} {}", job.id(), code, message);
        } else {
            log.warn("job {} failed: {}", job.id(), code, cause);
        }
        store.markFailed(job.id(), job.leaseOwner(), code, message, clock.millis());
    }
}
