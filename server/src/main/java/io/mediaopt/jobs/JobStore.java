package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.media.OptimizationResult;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The durable record of every job, shared by every node that uses the same database. A node
 * processing a job holds a lease on it, renews it while it works, and can only finish the job
 * while it still holds it; state changes are conditional on the current state, so a job only
 * moves forward and is never finished twice.
 */
public interface JobStore extends AutoCloseable {

    void insert(Job job);

    Optional<Job> find(String id);

    /**
     * Takes the oldest job that is pending, or whose lease ran out while it had attempts left,
     * and leases it to {@code owner} until {@code leaseUntil}, counting the attempt.
     */
    Optional<Job> claimNext(Lease lease, int maxAttempts, long now);

    /** Extends the owner's lease; false when the owner no longer holds the job. */
    boolean renewLease(String id, Lease lease, long now);

    /**
     * Raises the progress of a processing job to {@code percent}; a lower or equal value changes
     * nothing, so progress only moves forward whatever order reports arrive in. False when
     * nothing changed.
     */
    boolean recordProgress(String id, int percent);

    /** processing → done (progress 100), only by the lease owner; false otherwise. */
    boolean markDone(String id, String owner, OptimizationResult result, String outputKey, long now);

    /** pending or processing → failed; with an owner, only while that owner holds the job. */
    boolean markFailed(String id, String owner, ErrorCode code, String message, long now);

    /**
     * Gives a job the owner could not finish back to the queue without counting the attempt
     * (a graceful stop); false when it was not the owner's or cannot be retried.
     */
    boolean release(String id, String owner, long now);

    /**
     * Puts back in the queue a job whose attempt met an outage, the attempt counted, its progress
     * reset; false when the owner no longer holds it.
     */
    boolean requeue(String id, String owner, long now);

    /**
     * Fails with {@code interrupted} the processing jobs that can no longer be retried: their lease
     * ran out and either their attempts are spent or their input lived only for a request.
     */
    Interrupted failAbandoned(int maxAttempts, long now);

    /**
     * At start-up: the jobs this node held when it last stopped go back to the queue while they
     * have attempts left and a stored input, and fail with {@code interrupted} otherwise.
     */
    Recovery recoverOwnedBy(String owner, int maxAttempts, long now);

    int countPending();

    /**
     * Jobs retention deletes, oldest first: those that ended before {@code cutoff}, but for done
     * kept jobs, which go only once their own keep hours after they ended are past at {@code now}.
     */
    List<Job> findExpired(long cutoff, long now, int limit);

    void delete(String id);

    /** Deletes a job only while it is pending, before any worker claims it; false otherwise. */
    boolean deleteIfPending(String id);

    /** Jobs that ended with their stored input not yet deleted, oldest first. */
    List<Job> findEndedWithInput(int limit);

    /** Notes that the input of the ended job is deleted. */
    void forgetInput(String id);

    /** Throws when the store cannot be reached; for the health check. */
    void check();

    @Override
    void close();

    /** A node's claim on a job until {@code until} (ms). */
    record Lease(String owner, long until) {}

    /**
     * Jobs failed as {@code interrupted}: how many, and the stored inputs they leave, which
     * nothing reads any more and the caller deletes.
     */
    record Interrupted(int failed, List<String> inputKeys) {
        public Interrupted {
            inputKeys = List.copyOf(inputKeys);
        }

        static Interrupted of(List<JobEndings.Ended> ended) {
            return new Interrupted(ended.size(),
                    ended.stream().map(JobEndings.Ended::inputKey).filter(Objects::nonNull).toList());
        }
    }

    /** The jobs a restarting node put back in the queue, and those it failed. */
    record Recovery(int requeued, Interrupted interrupted) {
        public int failed() {
            return interrupted.failed();
        }
    }
}
