package io.mediaopt.jobs;

import io.mediaopt.Feature;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Sniffer;
import io.mediaopt.metrics.ServiceMetrics;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.renditions.RenditionMaker;
import io.mediaopt.storage.DiskSpace;
import io.mediaopt.storage.Storage;
import io.mediaopt.usage.UsageCounters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The job pipeline put together: the jobs a restart interrupted taken back, the encoding slots,
 * the processor, the entry {@link Jobs} the routes call, retention, and the health of the
 * database and the disks it writes.
 */
public final class JobsFeature implements Feature, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(JobsFeature.class);

    private final Jobs jobs;
    private final Workers workers;
    private final Retention retention;
    private final List<HealthCheck> checks;

    private JobsFeature(Jobs jobs, Workers workers, Retention retention, List<HealthCheck> checks) {
        this.jobs = jobs;
        this.workers = workers;
        this.retention = retention;
        this.checks = checks;
    }

    /**
     * What the pipeline is given by the configuration.
     *
     * @param workers       the encoding slots, leases and attempts
     * @param maxPending    jobs queued before a submission is refused
     * @param keepFor       how long an ended job and its files are kept
     * @param processingLimit how long a job may run (probe and encode), the bound of a synchronous wait on another node
     * @param workRoot      where each job's work directory is made
     * @param encoders      the encoder binaries, whose own directories a work directory must not be in
     */
    public record Settings(WorkerSettings workers, int maxPending, Duration keepFor, Duration processingLimit,
                           Path workRoot, List<String> encoders) {}

    /** The parts of the pipeline, with the jobs this node was running when it stopped queued again or failed. */
    public static JobsFeature open(Settings settings, JdbcJobStore store, SqlDialect database, Storage storage,
                                   Map<MediaKind, Optimizer> optimizers, RenditionMaker renditions,
                                   PlayableJobs playable, UsageCounters usage, ServiceMetrics metrics,
                                   DiskSpace outputDisk, Optional<DiskSpace> databaseDisk, EncodingSlots encodingSlots,
                                   UnitsOfWork chunks, Clock clock) {
        WorkerSettings slots = settings.workers();
        JobFailures failures = new JobFailures(store, metrics, clock);
        JobStore.Recovery recovery = store.recoverOwnedBy(slots.nodeId(), slots.maxAttempts(), clock.millis());
        if (recovery.requeued() + recovery.failed() > 0) {
            log.info("after restart: {} interrupted jobs queued again, {} failed", recovery.requeued(), recovery.failed());
            failures.interrupted(recovery.failed());
        }
        EndedInputs.deleteInputs(storage, recovery.interrupted().inputKeys());

        JobProcessor processor = new JobProcessor(optimizers, storage, store, usage, metrics, clock, renditions,
                new Outages(outputDisk), failures, playable);
        WorkDirs workDirs = new WorkDirs(settings.workRoot(), settings.encoders());
        Workers workers = new Workers(slots, encodingSlots, store, processor, storage, workDirs, failures, clock, () -> {
            store.check();
            storage.check();
            outputDisk.check();
        }, chunks);
        metrics.gauge("mediaopt.jobs.pending", "Jobs waiting for an encoder (the queue all nodes share)",
                store::countPending);
        metrics.gauge("mediaopt.workers.busy", "Encoding slots of this node in use", workers::busy);
        metrics.gauge("mediaopt.workers", "Encoding slots of this node (SERVICE_WORKERS)", slots::slots);
        JobWaiter waiter = new JobWaiter(store, failures, clock, slots.queueTimeout(), settings.processingLimit());
        Jobs jobs = new Jobs(store, storage, workers, workDirs, processor, new Sniffer(), clock,
                () -> UUID.randomUUID().toString(), settings.maxPending(), waiter, metrics);

        List<HealthCheck> checks = new ArrayList<>();
        checks.add(new HealthCheck("database", () -> {
            store.check();
            return database.shortName();
        }));
        checks.add(new HealthCheck("outputDisk", outputDisk::check));
        databaseDisk.ifPresent(disk -> checks.add(new HealthCheck("databaseDisk", disk::check)));
        return new JobsFeature(jobs, workers, new Retention(store, storage, settings.keepFor(), clock),
                List.copyOf(checks));
    }

    /** The entry the routes call: submit, wait, look up, delete. */
    public Jobs jobs() {
        return jobs;
    }

    @Override
    public List<HealthCheck> checks() {
        return checks;
    }

    @Override
    public List<Chore> chores() {
        return List.of(new Chore("retention", retention::purgeExpired));
    }

    @Override
    public void start() throws IOException {
        workers.start();
    }

    @Override
    public void close() {
        workers.close();
    }
}
