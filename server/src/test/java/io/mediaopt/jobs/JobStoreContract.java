package io.mediaopt.jobs;

import io.mediaopt.media.MediaKind;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Sniffed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/** What every JobStore must do, run against each database the service supports. */
abstract class JobStoreContract {
    static final Sniffed JPEG = new Sniffed(MediaKind.IMAGE, "jpeg", "image/jpeg");
    static final OptimizationResult RESULT = new OptimizationResult("image", "image-webp", "image/webp", "a.webp",
            40, 60, new BigDecimal("60.00"), null, null, 10, 10, 5, 5);

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
        return Job.pending(id, "web", id + ".jpg", 100, JPEG, "inputs/" + id, createdAt);
    }

    @Test
    void jobMovesForwardOnlyFromPendingToDone() {
        store.insert(pending("a", 1000));

        Job claimed = store.claimNext(lease("n1", 5000), 3, 2000).orElseThrow();
        assertThat(claimed.status()).isEqualTo(JobStatus.PROCESSING);
        assertThat(claimed.attempts()).isEqualTo(1);
        assertThat(claimed.leaseOwner()).isEqualTo("n1");
        assertThat(store.claimNext(lease("n2", 5000), 3, 2001)).isEmpty();

        assertThat(store.markDone("a", "n2", RESULT, "outputs/a/x.webp", 2500)).isFalse();
        assertThat(store.markDone("a", "n1", RESULT, "outputs/a/x.webp", 3000)).isTrue();
        assertThat(store.markDone("a", "n1", RESULT, "outputs/a/x.webp", 3001)).isFalse();
        assertThat(store.markFailed("a", "n1", "internal", "late", 3002)).isFalse();

        Job done = store.find("a").orElseThrow();
        assertThat(done.status()).isEqualTo(JobStatus.DONE);
        assertThat(done.result()).isEqualTo(RESULT);
        assertThat(done.outputKey()).isEqualTo("outputs/a/x.webp");
        assertThat(done.completedAt()).isEqualTo(3000L);
        assertThat(done.createdAt()).isEqualTo(1000L);
        assertThat(done.media()).isEqualTo(JPEG);
        assertThat(done.leaseOwner()).isNull();
    }

    @Test
    void pendingJobCanOnlyBeFailedWithoutAnOwner() {
        store.insert(pending("p", 1));
        assertThat(store.markDone("p", "n1", RESULT, "x", 2)).isFalse();
        assertThat(store.markFailed("p", "n1", "busy", "no", 2)).isFalse();
        assertThat(store.markFailed("p", null, "busy", "no", 3)).isTrue();
        Job failed = store.find("p").orElseThrow();
        assertThat(failed.status()).isEqualTo(JobStatus.FAILED);
        assertThat(failed.errorCode()).isEqualTo("busy");
        assertThat(failed.errorMessage()).isEqualTo("no");
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
        Set<String> claimed = ConcurrentHashMap.newKeySet();
        List<Future<Integer>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            for (int t = 0; t < 4; t++) {
                String owner = "n" + t;
                results.add(pool.submit(() -> {
                    int n = 0;
                    while (store.claimNext(lease(owner, 10_000), 3, 100).map(j -> claimed.add(j.id())).isPresent()) n++;
                    return n;
                }));
            }
            int total = 0;
            for (Future<Integer> f : results) total += f.get();
            assertThat(total).isEqualTo(40);
        }
        assertThat(claimed).hasSize(40);
    }

    @Test
    void aLeaseThatRunsOutLetsAnotherNodeTakeTheJobAndLocksOutTheFirst() {
        store.insert(pending("j", 1));
        store.claimNext(lease("dead", 100), 3, 10);
        assertThat(store.claimNext(lease("alive", 1000), 3, 50)).as("lease still valid").isEmpty();

        Job taken = store.claimNext(lease("alive", 1000), 3, 101).orElseThrow();
        assertThat(taken.leaseOwner()).isEqualTo("alive");
        assertThat(taken.attempts()).isEqualTo(2);
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
        assertThat(store.failAbandoned(2, 19)).as("lease of b still valid").isZero();

        assertThat(store.failAbandoned(2, 21)).isEqualTo(1);
        Job failed = store.find("j").orElseThrow();
        assertThat(failed.status()).isEqualTo(JobStatus.FAILED);
        assertThat(failed.errorCode()).isEqualTo("interrupted");
        assertThat(failed.completedAt()).isEqualTo(21L);
    }

    @Test
    void synchronousJobsAreNeverRetriedByAnotherNode() {
        store.insert(Job.processingNow("sync", "web", "s.jpg", 1, JPEG, lease("n1", 10), 1));
        assertThat(store.claimNext(lease("n2", 100), 3, 50)).isEmpty();
        assertThat(store.failAbandoned(3, 50)).isEqualTo(1);
        assertThat(store.find("sync").orElseThrow().errorCode()).isEqualTo("interrupted");
    }

    @Test
    void recoveryAtStartRequeuesOrFailsOnlyWhatThisNodeHeld() {
        store.insert(pending("mine", 1));
        store.insert(pending("theirs", 2));
        store.insert(Job.processingNow("sync", "web", "s.jpg", 1, JPEG, lease("me", 1000), 3));
        store.claimNext(lease("me", 1000), 1, 5);
        store.claimNext(lease("other", 1000), 1, 5);

        // one attempt allowed: the queued job has spent it, the synchronous one cannot be retried
        JobStore.Recovery recovery = store.recoverOwnedBy("me", 1, 10);

        assertThat(recovery).isEqualTo(new JobStore.Recovery(0, 2));
        assertThat(store.find("mine").orElseThrow().errorCode()).isEqualTo("interrupted");
        assertThat(store.find("theirs").orElseThrow().status()).isEqualTo(JobStatus.PROCESSING);
        assertThat(store.find("sync").orElseThrow().errorCode()).isEqualTo("interrupted");
    }

    @Test
    void recoveryPutsAJobWithAttemptsLeftBackToPending() {
        store.insert(pending("r", 1));
        store.claimNext(lease("me", 1000), 3, 5);
        assertThat(store.recoverOwnedBy("me", 3, 10)).isEqualTo(new JobStore.Recovery(1, 0));
        Job requeued = store.find("r").orElseThrow();
        assertThat(requeued.status()).isEqualTo(JobStatus.PENDING);
        assertThat(requeued.leaseOwner()).isNull();
        assertThat(store.claimNext(lease("me", 1000), 3, 11).orElseThrow().attempts()).isEqualTo(2);
    }

    @Test
    void releaseHandsAJobBackWithoutCountingTheAttempt() {
        store.insert(pending("r", 1));
        store.claimNext(lease("me", 1000), 3, 5);
        assertThat(store.release("r", "someone-else", 6)).isFalse();
        assertThat(store.release("r", "me", 7)).isTrue();
        Job released = store.find("r").orElseThrow();
        assertThat(released.status()).isEqualTo(JobStatus.PENDING);
        assertThat(released.attempts()).isZero();
    }

    @Test
    void findsFinishedJobsBeforeCutoffAndDeletesThem() {
        store.insert(pending("old", 1));
        store.insert(pending("new", 2));
        store.insert(pending("open", 3));
        store.markFailed("old", null, "encode-failed", "no", 100);
        store.markFailed("new", null, "encode-failed", "no", 500);

        assertThat(store.findFinishedBefore(200, 10)).extracting(Job::id).containsExactly("old");
        store.delete("old");
        assertThat(store.find("old")).isEmpty();
        store.check();
    }
}
