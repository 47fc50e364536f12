package io.mediaopt.webhooks;

import io.mediaopt.jobs.DeliveryState;
import io.mediaopt.ErrorCode;
import io.mediaopt.ConcurrentClaims;
import io.mediaopt.jobs.Callback;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.TestJobs;
import io.mediaopt.jobs.JobStore;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.MediaFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outbox on each database (run inside the job store's contract): written with the job's
 * end, claimed by one node at a time.
 */
public abstract class DeliveryStoreContract {
    static final MediaFormat JPEG = MediaFormat.JPEG;
    static final OptimizationResult RESULT = OptimizationResult.builder("image", "image-webp", "image/webp", "a.webp",
            40, 60, new BigDecimal("60.00")).dimensions(10, 5, 10, 5).build();
    static final Callback CALLBACK = new Callback("https://example.com/hook", "http://127.0.0.1");

    JdbcJobStore store;
    JdbcDeliveryStore deliveries;

    protected abstract JdbcJobStore openEmptyStore() throws Exception;

    @BeforeEach
    void open() throws Exception {
        store = openEmptyStore();
        deliveries = new JdbcDeliveryStore(store.dataSource(), store.dialect());
    }

    @AfterEach
    void close() {
        store.close();
    }

    private void insert(String id, Callback callback) {
        store.insert(TestJobs.pending(id, "web", id + ".jpg", 100, JPEG, "inputs/" + id, callback, 1));
    }

    @Test
    void endingAJobThatNamesACallbackQueuesItsEventInTheSameStepAndTellsTheListener() {
        AtomicInteger told = new AtomicInteger();
        store.onEventsQueued(told::incrementAndGet);
        insert("d", CALLBACK);
        insert("f", CALLBACK);
        insert("quiet", null);
        store.claimNext(new JobStore.Lease("n1", 100), 3, 10);
        assertThat(deliveries.forJob("d")).as("not ended yet").isEmpty();

        assertThat(store.markDone("d", "n1", RESULT, "outputs/d", 20)).isTrue();
        assertThat(store.markFailed("f", null, ErrorCode.BUSY, "no", 21)).isTrue();
        assertThat(store.markFailed("quiet", null, ErrorCode.BUSY, "no", 22)).isTrue();

        Delivery done = deliveries.forJob("d").orElseThrow();
        assertThat(done.eventId()).isEqualTo("d.done");
        assertThat(done.jobStatus()).isEqualTo("done");
        assertThat(done.url()).isEqualTo(CALLBACK.url());
        assertThat(done.state()).isEqualTo(DeliveryState.PENDING);
        assertThat(done.nextAttemptAt()).isEqualTo(20L);
        assertThat(deliveries.forJob("f").orElseThrow().eventId()).isEqualTo("f.failed");
        assertThat(deliveries.forJob("quiet")).isEmpty();
        assertThat(told).hasValue(2);
        assertThat(store.find("d").orElseThrow().request().callback()).isEqualTo(CALLBACK);
    }

    @Test
    void jobsFailedAsInterruptedQueueTheirEventsToo() {
        insert("a", CALLBACK);
        store.claimNext(new JobStore.Lease("dead", 10), 1, 5);
        assertThat(store.failAbandoned(1, 11).failed()).isEqualTo(1);
        assertThat(deliveries.forJob("a").orElseThrow().eventId()).isEqualTo("a.failed");

        insert("b", CALLBACK);
        store.claimNext(new JobStore.Lease("me", 100), 1, 20);
        assertThat(store.recoverOwnedBy("me", 1, 30).failed()).isEqualTo(1);
        assertThat(deliveries.forJob("b").orElseThrow().eventId()).isEqualTo("b.failed");
    }

    @Test
    void aDeliveryIsLeasedToOneNodeAndOnlyItsHolderRecordsTheOutcome() {
        insert("j", CALLBACK);
        store.markFailed("j", null, ErrorCode.BUSY, "no", 10);

        assertThat(deliveries.claimDue("n1", 100, 9, 10)).as("not due yet").isEmpty();
        Delivery claimed = deliveries.claimDue("n1", 100, 10, 10).getFirst();
        assertThat(claimed.attempts()).isEqualTo(1);
        assertThat(claimed.leaseOwner()).isEqualTo("n1");
        assertThat(deliveries.claimDue("n2", 200, 50, 10)).as("leased").isEmpty();

        assertThat(deliveries.retryLater("j.failed", "n2", 503, "no", 300)).isFalse();
        assertThat(deliveries.retryLater("j.failed", "n1", 503, "the receiver answered 503", 300)).isTrue();
        assertThat(deliveries.claimDue("n2", 400, 299, 10)).as("backing off").isEmpty();

        Delivery again = deliveries.claimDue("n2", 400, 300, 10).getFirst();
        assertThat(again.attempts()).isEqualTo(2);
        assertThat(again.lastStatus()).isEqualTo(503);
        assertThat(deliveries.markDelivered("j.failed", "n1", 200, 301)).as("lease moved on").isFalse();
        assertThat(deliveries.markDelivered("j.failed", "n2", 204, 302)).isTrue();

        Delivery delivered = deliveries.forJob("j").orElseThrow();
        assertThat(delivered.state()).isEqualTo(DeliveryState.DELIVERED);
        assertThat(delivered.lastStatus()).isEqualTo(204);
        assertThat(delivered.deliveredAt()).isEqualTo(302L);
        assertThat(deliveries.claimDue("n3", 1000, 900, 10)).isEmpty();
    }

    @Test
    void aLeaseThatRunsOutOrANodeThatRestartsMakesTheDeliveryDueAgain() {
        insert("j", CALLBACK);
        store.markFailed("j", null, ErrorCode.BUSY, "no", 10);
        deliveries.claimDue("crashed", 100, 10, 10);
        assertThat(deliveries.claimDue("other", 200, 101, 10)).extracting(Delivery::leaseOwner).containsExactly("other");

        assertThat(deliveries.releaseOwnedBy("other")).isEqualTo(1);
        assertThat(deliveries.claimDue("third", 300, 102, 10)).hasSize(1);
        assertThat(deliveries.markFailed("j.failed", "third", 410, "the receiver answered 410")).isTrue();
        assertThat(deliveries.forJob("j").orElseThrow().state()).isEqualTo(DeliveryState.FAILED);
        assertThat(deliveries.claimDue("fourth", 10_000, 5000, 10)).isEmpty();
    }

    @Test
    void concurrentClaimsNeverHandOutTheSameDeliveryTwice() throws Exception {
        for (int i = 0; i < 40; i++) {
            insert("j" + i, CALLBACK);
            store.markFailed("j" + i, null, ErrorCode.BUSY, "no", 10);
        }
        List<String> claimed = ConcurrentClaims.byFourNodes(
                owner -> deliveries.claimDue(owner, 10_000, 100, 3).stream().map(Delivery::eventId).toList());
        assertThat(claimed).hasSize(40).doesNotHaveDuplicates();
    }

    @Test
    void deletingAJobDeletesItsDelivery() {
        insert("j", CALLBACK);
        store.markFailed("j", null, ErrorCode.BUSY, "no", 10);
        store.delete("j");
        assertThat(deliveries.forJob("j")).isEmpty();
    }
}
