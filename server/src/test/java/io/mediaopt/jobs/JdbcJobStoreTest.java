package io.mediaopt.jobs;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Sniffed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

class JdbcJobStoreTest {
    private static final Sniffed JPEG = new Sniffed(MediaKind.IMAGE, "jpeg", "image/jpeg");

    @TempDir
    Path dir;
    JdbcJobStore store;

    @BeforeEach
    void open() {
        store = JdbcJobStore.open("jdbc:sqlite:" + dir.resolve("jobs.db"), new ObjectMapper());
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void jobMovesForwardOnlyFromPendingToDone() {
        store.insert(Job.pending("a", "web", "a.jpg", 100, JPEG, "inputs/a", 1000));

        Job claimed = store.claimNext(2000).orElseThrow();
        assertThat(claimed.status()).isEqualTo(JobStatus.PROCESSING);
        assertThat(claimed.attempts()).isEqualTo(1);
        assertThat(store.claimNext(2001)).isEmpty();

        OptimizationResult result = new OptimizationResult("image", "image-webp", "image/webp", "a.webp",
                40, 60, new BigDecimal("60.00"), null, null, 10, 10, 5, 5);
        assertThat(store.markDone("a", result, "outputs/a/output.webp", 3000)).isTrue();
        assertThat(store.markDone("a", result, "outputs/a/output.webp", 3001)).isFalse();
        assertThat(store.markFailed("a", "internal", "late", 3002)).isFalse();

        Job done = store.find("a").orElseThrow();
        assertThat(done.status()).isEqualTo(JobStatus.DONE);
        assertThat(done.result()).isEqualTo(result);
        assertThat(done.completedAt()).isEqualTo(3000L);
        assertThat(done.createdAt()).isEqualTo(1000L);
        assertThat(done.media()).isEqualTo(JPEG);
    }

    @Test
    void pendingJobCannotBeMarkedDone() {
        store.insert(Job.pending("p", "web", "p.jpg", 1, JPEG, "inputs/p", 1));
        assertThat(store.markDone("p", null, "x", 2)).isFalse();
        assertThat(store.find("p").orElseThrow().status()).isEqualTo(JobStatus.PENDING);
    }

    @Test
    void claimsOldestFirst() {
        store.insert(Job.pending("late", "web", "x", 1, JPEG, "inputs/late", 20));
        store.insert(Job.pending("early", "web", "x", 1, JPEG, "inputs/early", 10));
        assertThat(store.claimNext(30).orElseThrow().id()).isEqualTo("early");
        assertThat(store.countPending()).isEqualTo(1);
    }

    @Test
    void concurrentClaimsNeverHandOutTheSameJobTwice() throws Exception {
        for (int i = 0; i < 40; i++) store.insert(Job.pending("j" + i, "web", "x", 1, JPEG, "inputs/j" + i, i));
        Set<String> claimed = ConcurrentHashMap.newKeySet();
        List<Future<Integer>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            for (int t = 0; t < 4; t++) {
                results.add(pool.submit(() -> {
                    int n = 0;
                    while (store.claimNext(100).map(j -> claimed.add(j.id())).isPresent()) n++;
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
    void recoveryFailsSynchronousJobsAtOnceAndQueuedJobsWhenAttemptsRunOut() {
        store.insert(Job.pending("queued", "web", "x", 1, JPEG, "inputs/queued", 1));
        store.insert(Job.processingNow("sync", "web", "x", 1, JPEG, 3));
        store.claimNext(10);

        assertThat(store.recoverInterrupted(3, 20)).isEqualTo(new JobStore.Recovery(1, 1));
        Job sync = store.find("sync").orElseThrow();
        assertThat(sync.status()).isEqualTo(JobStatus.FAILED);
        assertThat(sync.errorCode()).isEqualTo("interrupted");

        store.claimNext(21);
        assertThat(store.recoverInterrupted(3, 30)).isEqualTo(new JobStore.Recovery(1, 0));
        assertThat(store.claimNext(31).orElseThrow().attempts()).isEqualTo(3);
        assertThat(store.recoverInterrupted(3, 40)).isEqualTo(new JobStore.Recovery(0, 1));
        Job queued = store.find("queued").orElseThrow();
        assertThat(queued.status()).isEqualTo(JobStatus.FAILED);
        assertThat(queued.errorCode()).isEqualTo("interrupted");
        assertThat(queued.completedAt()).isEqualTo(40L);
    }

    @Test
    void recoveryPutsJobWithAttemptsLeftBackToPending() {
        store.insert(Job.pending("r", "web", "x", 1, JPEG, "inputs/r", 1));
        store.claimNext(5);
        JobStore.Recovery recovery = store.recoverInterrupted(3, 10);
        assertThat(recovery).isEqualTo(new JobStore.Recovery(1, 0));
        assertThat(store.find("r").orElseThrow().status()).isEqualTo(JobStatus.PENDING);
        assertThat(store.claimNext(11).orElseThrow().attempts()).isEqualTo(2);
    }

    @Test
    void findsFinishedJobsBeforeCutoffAndDeletesThem() {
        store.insert(Job.pending("old", "web", "x", 1, JPEG, "inputs/old", 1));
        store.insert(Job.pending("new", "web", "x", 1, JPEG, "inputs/new", 2));
        store.insert(Job.pending("open", "web", "x", 1, JPEG, "inputs/open", 3));
        store.markFailed("old", "encode-failed", "no", 100);
        store.markFailed("new", "encode-failed", "no", 500);

        assertThat(store.findFinishedBefore(200, 10)).extracting(Job::id).containsExactly("old");
        store.delete("old");
        assertThat(store.find("old")).isEmpty();
    }

    @Test
    void survivesReopeningTheDatabase() {
        store.insert(Job.pending("kept", "mobile", "k.png", 5, JPEG, "inputs/kept", 1));
        store.close();
        store = JdbcJobStore.open("jdbc:sqlite:" + dir.resolve("jobs.db"), new ObjectMapper());
        assertThat(store.find("kept").orElseThrow().preset()).isEqualTo("mobile");
    }
}
