package io.mediaopt.jobs;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The jobs this node holds a lease on right now, synchronous or queued: their leases are renewed
 * while they run, and on stop the queued ones still running are handed back to the queue.
 */
final class HeldJobs {
    private static final Logger log = LoggerFactory.getLogger(HeldJobs.class);

    private final JobStore store;
    private final Clock clock;
    private final String nodeId;
    /** id → true when queued (may be handed back), false when a request waits for it. */
    private final Map<String, Boolean> held = new ConcurrentHashMap<>();

    HeldJobs(JobStore store, Clock clock, String nodeId) {
        this.store = store;
        this.clock = clock;
        this.nodeId = nodeId;
    }

    void holdQueued(String id) {
        held.put(id, true);
    }

    void holdForRequest(String id) {
        held.put(id, false);
    }

    void release(String id) {
        held.remove(id);
    }

    /** Renews the lease of every held job with a fresh one from {@code newLease}. */
    void renew(Supplier<JobStore.Lease> newLease) {
        for (String id : held.keySet()) {
            try {
                if (!store.renewLease(id, newLease.get(), clock.millis()) && stillRunningHere(id)) {
                    log.warn("lost the lease of job {}; another node may finish it", id);
                }
            } catch (RuntimeException e) {
                log.warn("cannot renew the lease of job {}", id, e);
            }
        }
    }

    /**
     * A job that ended between the look at the held ones and the renewal is no longer processing,
     * so its renewal fails without anything being lost: only one still held and not ended is.
     */
    private boolean stillRunningHere(String id) {
        return held.containsKey(id) && !ended(id);
    }

    /** Whether the job has reached a terminal status, or is gone from the store. */
    private boolean ended(String id) {
        return store.find(id).map(job -> job.state().status().isTerminal()).orElse(true);
    }

    /** Hands the queued jobs still held back to the queue, for another node or the next start. */
    void handBack() {
        held.forEach((id, queued) -> {
            try {
                if (queued && store.release(id, nodeId, clock.millis())) {
                    log.info("job {} handed back to the queue", id);
                }
            } catch (RuntimeException e) {
                log.warn("cannot hand back job {}", id, e);
            }
        });
    }
}
