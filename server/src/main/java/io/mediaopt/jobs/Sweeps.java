package io.mediaopt.jobs;

import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.function.IntSupplier;

/**
 * What the dispatcher clears once a lease period, so that nothing outlives its job for long:
 * jobs whose node stopped and whose attempts are spent, the stored inputs of ended jobs, the
 * early HLS files of attempts that did not end, and the units of work (video chunks) of jobs
 * that ended without using them. Each sweep logs its own failure: an outage closes the gate.
 */
final class Sweeps {
    private static final Logger log = LoggerFactory.getLogger(Sweeps.class);

    private final JobStore store;
    private final Storage storage;
    private final JobProcessor processor;
    private final JobFailures failures;
    private final EndedInputs endedInputs;
    private final UnitsOfWork units;
    private final OutageGate gate;
    private final WorkerSettings settings;
    private final Clock clock;

    Sweeps(JobStore store, Storage storage, JobProcessor processor, JobFailures failures, EndedInputs endedInputs,
           UnitsOfWork units, OutageGate gate, WorkerSettings settings, Clock clock) {
        this.store = store;
        this.storage = storage;
        this.processor = processor;
        this.failures = failures;
        this.endedInputs = endedInputs;
        this.units = units;
        this.gate = gate;
        this.settings = settings;
        this.clock = clock;
    }

    void all() {
        failAbandoned();
        sweep(endedInputs::sweep, "deleted the inputs of {} ended jobs, left when they ended",
                "cannot delete the inputs of ended jobs");
        sweep(processor::sweepEarlyFiles, "deleted {} files of HLS ladders stored early by attempts that did not end",
                "cannot delete the early files of ended attempts");
        sweep(units::sweepEnded, "deleted {} units of work (video chunks) of jobs that ended without them",
                "cannot delete the units of work of ended jobs");
    }

    private void failAbandoned() {
        try {
            JobStore.Interrupted interrupted = store.failAbandoned(settings.maxAttempts(), clock.millis());
            if (interrupted.failed() > 0) {
                log.info("{} jobs abandoned by stopped nodes failed as interrupted", interrupted.failed());
                failures.interrupted(interrupted.failed());
            }
            EndedInputs.deleteInputs(storage, interrupted.inputKeys());
        } catch (RuntimeException e) {
            log.warn("cannot look for abandoned jobs", e);
        }
    }

    /** Runs one sweep that returns how many things it deleted, logging {@code deleted} with that count. */
    private void sweep(IntSupplier sweep, String deleted, String failed) {
        try {
            int count = sweep.getAsInt();
            if (count > 0) log.info(deleted, count);
        } catch (RuntimeException e) {
            if (!gate.closeIfOutage(e)) log.warn(failed, e);
        }
    }
}
