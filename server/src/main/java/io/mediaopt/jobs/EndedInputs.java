package io.mediaopt.jobs;

import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Deletes the stored inputs of jobs that ended, which nothing reads any more, and notes each
 * one deleted. A worker does so as its job ends; a sweep finds those it could not (storage was
 * out at the time, or the node stopped), so no input outlives its job for long.
 */
public final class EndedInputs {
    private static final Logger log = LoggerFactory.getLogger(EndedInputs.class);
    private static final int SWEEP_BATCH = 100;

    private final JobStore store;
    private final Storage storage;

    EndedInputs(JobStore store, Storage storage) {
        this.store = store;
        this.storage = storage;
    }

    /** The stored inputs of jobs that ended without a worker of this node deleting them. */
    public static void deleteInputs(Storage storage, List<String> inputKeys) {
        for (String key : inputKeys) {
            try {
                storage.delete(key);
            } catch (RuntimeException e) {
                log.warn("cannot delete the input {} of an interrupted job; retention will", key, e);
            }
        }
    }

    /** Deletes the input of the job if it ended; throws when storage or the database fails. */
    void deleteIfEnded(Job job) {
        if (store.find(job.id()).map(j -> j.state().status().isTerminal()).orElse(true)) delete(job);
    }

    /** Deletes the inputs of up to a batch of ended jobs that still have one; returns how many. */
    int sweep() {
        int deleted = 0;
        for (Job job : store.findEndedWithInput(SWEEP_BATCH)) {
            delete(job);
            deleted++;
        }
        return deleted;
    }

    private void delete(Job job) {
        storage.delete(job.state().inputKey());
        store.forgetInput(job.id());
    }
}
