package io.mediaopt.jobs;

import io.mediaopt.database.JobStoreException;

import io.mediaopt.ServiceException;
import io.mediaopt.storage.StorageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * Keeps a node from taking queued jobs while a dependency is out: closed by the first job or
 * claim that met the outage, it asks the dependencies again with growing pauses (up to
 * {@link #LONGEST_PAUSE}) and opens as soon as they all answer.
 */
public final class OutageGate {
    private static final Logger log = LoggerFactory.getLogger(OutageGate.class);
    private static final Duration FIRST_PAUSE = Duration.ofMillis(250);
    static final Duration LONGEST_PAUSE = Duration.ofSeconds(5);

    /** Asks every dependency a job needs; throws when one does not answer. */
    @FunctionalInterface
    public interface Probe {
        void check() throws Exception;
    }

    private final Probe probe;
    private ServiceException outage;
    private boolean reopened;
    private long pauseNanos;
    private long nextProbeNanos;

    OutageGate(Probe probe) {
        this.probe = probe;
    }

    /** An attempt or a claim met the outage: no new job until the dependencies answer. */
    synchronized void close(ServiceException cause) {
        if (outage == null) {
            log.warn("taking no new jobs until the dependencies answer again: {} ({})", cause.getMessage(), cause.code());
            pauseNanos = FIRST_PAUSE.toNanos();
            nextProbeNanos = System.nanoTime() + pauseNanos;
        }
        outage = cause;
    }

    /** Closes the gate when the failure is an outage of the database or storage; false when it is not one. */
    boolean closeIfOutage(RuntimeException failure) {
        if (failure instanceof JobStoreException store && store.isOutage()) close(store);
        else if (failure instanceof StorageException storage && storage.isOutage()) close(storage);
        else return false;
        return true;
    }

    /** Whether jobs may be taken; while closed, asks the dependencies when the pause is over. */
    synchronized boolean open() {
        if (outage == null) return true;
        if (System.nanoTime() - nextProbeNanos < 0) return false;
        try {
            probe.check();
        } catch (Exception stillOut) {
            pauseNanos = Math.min(pauseNanos * 2, LONGEST_PAUSE.toNanos());
            nextProbeNanos = System.nanoTime() + pauseNanos;
            return false;
        }
        log.info("the dependencies answer again; taking jobs");
        outage = null;
        reopened = true;
        return true;
    }

    /**
     * Whether the gate opened again since this was last asked: what the outage kept from being
     * done is then done first, also when the asker never saw the gate closed (a job that had
     * given its slot back met the outage as it deleted its input, between two looks).
     */
    synchronized boolean reopenedSinceAsked() {
        boolean answer = reopened;
        reopened = false;
        return answer;
    }
}
