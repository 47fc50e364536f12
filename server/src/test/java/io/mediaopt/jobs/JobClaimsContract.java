package io.mediaopt.jobs;

import io.mediaopt.ConcurrentClaims;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.OptimizationResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How nodes claim jobs from one store: oldest first, never the same job twice, a lease that runs
 * out hands the job on, spent attempts fail it, recovery at start and hand-backs. The first
 * part of {@link JobStoreContract}, which runs it against each database the service supports.
 */
abstract class JobClaimsContract {
    static final MediaFormat JPEG = MediaFormat.JPEG;
    static final OptimizationResult RESULT = OptimizationResult.builder("image", "image-webp", "image/webp", "a.webp",
            40, 60, new BigDecimal("60.00")).dimensions(10, 5, 10, 5).quality(62, 81.5).build();

    JobStore store;

    /** A store on an empty database. */
    abstract JobStore openEmptyStore() throws Exception;

    @BeforeEach
    void open() throws Exception {
        store = openEmptyStore();
    }

    @AfterEach
    void close() {
        store.close();
    }

    static JobStore.Lease lease(String owner, long until) {
        return new JobStore.Lease(owner, until);
    }

    static Job pending(String id, long createdAt) {
        return TestJobs.pending(id, "web", id + ".jpg", 100, JPEG, "inputs/" + id, null, createdAt);
    }

    @Test
    void claimsOldestFirst() {
        store.insert(pending("late", 20));
        store.insert(pending("early", 10));
        assertThat(store.claimNext(lease("n", 100), 3, 30).orElseThrow().id()).isEqualTo("early");
        assertThat(store.countPending()).isEqualTo(1);
    }

    @Test
    void concurrentClaimsNeverHandOutTheSameJobTwice() throws Exception {
        for (int i = 0; i < 40; i++) store.insert(pending("j" + i, i));
        List<String> claimed = ConcurrentClaims.byFourNodes(
                owner -> store.claimNext(lease(owner, 10_000), 3, 100).map(j -> List.of(j.id())).orElse(List.of()));
        assertThat(claimed).hasSize(40).doesNotHaveDuplicates();
    }

    @Test
    void aLeaseThatRunsOutLetsAnotherNodeTakeTheJobAndLocksOutTheFirst() {
        store.insert(pending("j", 1));
        store.claimNext(lease("dead", 100), 3, 10);
        assertThat(store.claimNext(lease("alive", 1000), 3, 50)).as("lease still valid").isEmpty();

        Job taken = store.claimNext(lease("alive", 1000), 3, 101).orElseThrow();
        assertThat(taken.state().leaseOwner()).isEqualTo("alive");
        assertThat(taken.state().attempts()).isEqualTo(2);
        assertThat(store.renewLease("j", lease("dead", 2000), 102)).isFalse();
        assertThat(store.markDone("j", "dead", RESULT, "x", 103)).isFalse();
        assertThat(store.renewLease("j", lease("alive", 2000), 104)).isTrue();
        assertThat(store.claimNext(lease("other", 3000), 3, 1500)).as("renewed").isEmpty();
        assertThat(store.markDone("j", "alive", RESULT, "y", 105)).isTrue();
    }

    @Test
    void abandonedJobsFailAsInterruptedOnceTheirAttemptsAreSpent() {
        store.insert(pending("j", 1));
        store.claimNext(lease("a", 10), 2, 5);
        store.claimNext(lease("b", 20), 2, 11);
        assertThat(store.claimNext(lease("c", 30), 2, 21)).as("attempts spent").isEmpty();
        assertThat(store.failAbandoned(2, 19).failed()).as("lease of b still valid").isZero();

        assertThat(store.failAbandoned(2, 21)).as("its input is the caller's to delete")
                .isEqualTo(new JobStore.Interrupted(1, List.of(pending("j", 1).state().inputKey())));
        Job failed = store.find("j").orElseThrow();
        assertThat(failed.state().status()).isEqualTo(JobStatus.FAILED);
        assertThat(failed.state().errorCode().wireName()).isEqualTo("interrupted");
        assertThat(failed.state().completedAt()).isEqualTo(21L);
    }

    @Test
    void synchronousJobsAreNeverRetriedByAnotherNode() {
        store.insert(TestJobs.processingNow("sync", "web", "s.jpg", 1, JPEG, lease("n1", 10), null, 1));
        assertThat(store.claimNext(lease("n2", 100), 3, 50)).isEmpty();
        assertThat(store.failAbandoned(3, 50)).isEqualTo(new JobStore.Interrupted(1, List.of()));
        assertThat(store.find("sync").orElseThrow().state().errorCode().wireName()).isEqualTo("interrupted");
    }

    @Test
    void recoveryAtStartRequeuesOrFailsOnlyWhatThisNodeHeld() {
        store.insert(pending("mine", 1));
        store.insert(pending("theirs", 2));
        store.insert(TestJobs.processingNow("sync", "web", "s.jpg", 1, JPEG, lease("me", 1000), null, 3));
        store.claimNext(lease("me", 1000), 1, 5);
        store.claimNext(lease("other", 1000), 1, 5);

        // one attempt allowed: the queued job has spent it, the synchronous one cannot be retried
        JobStore.Recovery recovery = store.recoverOwnedBy("me", 1, 10);

        assertThat(recovery).isEqualTo(new JobStore.Recovery(0,
                new JobStore.Interrupted(2, List.of(pending("mine", 1).state().inputKey()))));
        assertThat(store.find("mine").orElseThrow().state().errorCode().wireName()).isEqualTo("interrupted");
        assertThat(store.find("theirs").orElseThrow().state().status()).isEqualTo(JobStatus.PROCESSING);
        assertThat(store.find("sync").orElseThrow().state().errorCode().wireName()).isEqualTo("interrupted");
    }

    @Test
    void recoveryPutsAJobWithAttemptsLeftBackToPending() {
        store.insert(pending("r", 1));
        store.claimNext(lease("me", 1000), 3, 5);
        assertThat(store.recoverOwnedBy("me", 3, 10))
                .isEqualTo(new JobStore.Recovery(1, new JobStore.Interrupted(0, List.of())));
        Job requeued = store.find("r").orElseThrow();
        assertThat(requeued.state().status()).isEqualTo(JobStatus.PENDING);
        assertThat(requeued.state().leaseOwner()).isNull();
        assertThat(store.claimNext(lease("me", 1000), 3, 11).orElseThrow().state().attempts()).isEqualTo(2);
    }

    @Test
    void requeueAfterAnOutageKeepsTheAttemptCountedAndOnlyForTheOwner() {
        store.insert(pending("q", 1));
        store.claimNext(lease("me", 1000), 3, 5);
        store.recordProgress("q", 40);
        assertThat(store.requeue("q", "other", 6)).isFalse();
        assertThat(store.requeue("q", "me", 7)).isTrue();

        Job requeued = store.find("q").orElseThrow();
        assertThat(requeued.state().status()).isEqualTo(JobStatus.PENDING);
        assertThat(requeued.state().progress()).isZero();
        assertThat(requeued.state().leaseOwner()).isNull();
        assertThat(store.claimNext(lease("me", 1000), 3, 8).orElseThrow().state().attempts()).isEqualTo(2);
    }

    @Test
    void releaseHandsAJobBackWithoutCountingTheAttempt() {
        store.insert(pending("r", 1));
        store.claimNext(lease("me", 1000), 3, 5);
        assertThat(store.release("r", "someone-else", 6)).isFalse();
        assertThat(store.release("r", "me", 7)).isTrue();
        Job released = store.find("r").orElseThrow();
        assertThat(released.state().status()).isEqualTo(JobStatus.PENDING);
        assertThat(released.state().attempts()).isZero();
    }
}
