package io.mediaopt.jobs;

import io.mediaopt.media.OptimizationResult;

import java.util.List;
import java.util.Optional;

/**
 * The durable record of every job. State changes are conditional on the current state, so a
 * job only moves forward and two workers can never both finish it.
 */
public interface JobStore extends AutoCloseable {

    void insert(Job job);

    Optional<Job> find(String id);

    /** Moves the oldest pending job to processing (counting the attempt) and returns it. */
    Optional<Job> claimNext(long now);

    /** processing → done; false when the job was not processing. */
    boolean markDone(String id, OptimizationResult result, String outputKey, long now);

    /** pending or processing → failed; false when the job had already ended. */
    boolean markFailed(String id, String code, String message, long now);

    int countPending();

    /**
     * After a restart: jobs left processing go back to pending while they have attempts left
     * and a stored input, and fail with {@code interrupted} otherwise.
     */
    Recovery recoverInterrupted(int maxAttempts, long now);

    /** Jobs that ended before the cutoff, oldest first. */
    List<Job> findFinishedBefore(long cutoff, int limit);

    void delete(String id);

    /** Throws when the store cannot be reached; for the health check. */
    void check();

    @Override
    void close();

    record Recovery(int requeued, int failed) {}
}
