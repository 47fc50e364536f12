package io.mediaopt.jobs;

import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Deletes jobs, and their stored files, a fixed time after they ended (0 keeps them forever); a
 * done kept job only once the hours it asked to be kept for are past (never when it asked none).
 */
public final class Retention {
    private static final Logger log = LoggerFactory.getLogger(Retention.class);
    private static final int BATCH = 200;

    private final JobStore store;
    private final Storage storage;
    private final Duration keepFor;
    private final Clock clock;

    public Retention(JobStore store, Storage storage, Duration keepFor, Clock clock) {
        this.store = store;
        this.storage = storage;
        this.keepFor = keepFor;
        this.clock = clock;
    }

    /** Deletes every expired job; returns how many. */
    public int purgeExpired() {
        long now = clock.millis();
        long cutoff = keepFor.isZero() ? Long.MIN_VALUE : now - keepFor.toMillis();
        int purged = 0;
        List<Job> batch;
        do {
            batch = store.findExpired(cutoff, now, BATCH);
            for (Job job : batch) {
                if (purge(job)) purged++;
            }
        } while (batch.size() == BATCH && purged > 0);
        if (purged > 0) log.info("retention deleted {} jobs that ended more than {} ago", purged, keepFor);
        return purged;
    }

    private boolean purge(Job job) {
        try {
            JobFiles.delete(storage, job);
            store.delete(job.id());
            return true;
        } catch (RuntimeException e) {
            log.warn("cannot delete expired job {}", job.id(), e);
            return false;
        }
    }
}
