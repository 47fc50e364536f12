package io.mediaopt.imageurl;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.MovableClock;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.TestJobs;
import io.mediaopt.storage.LocalStorage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Variants kept in the service's storage: identical misses render once, on one node or on two
 * sharing a database, a stored one is found by any node, and a render's claim ends with its
 * render, or with its lease when its node stopped.
 */
class VariantStoreTest {
    static final int REQUESTS = 16;
    static final VariantStore.Figures FIGURES = new VariantStore.Figures(10, 8, "webp", 3);

    @TempDir
    Path dir;
    JdbcJobStore database;
    final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:00Z"));
    final AtomicInteger renders = new AtomicInteger();

    @BeforeEach
    void open() {
        database = TestJobs.open("jdbc:sqlite:" + dir.resolve("jobs.db"));
    }

    @AfterEach
    void close() {
        database.close();
    }

    /** A node's store: the storage and the database every node shares, with claims of its own. */
    VariantStore node() {
        return new VariantStore(new LocalStorage(dir.resolve("store")), new ObjectMapper(),
                new RenderClaims(database.dataSource(), clock));
    }

    @Test
    void identicalMissesOnOneNodeRenderOnce() throws Exception {
        VariantStore store = node();
        String key = VariantStore.variantKey("v1", "rt:fit/w:10");
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<Future<VariantStore.Figures>> answers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(REQUESTS, r -> {
            Thread t = new Thread(r);
            threads.add(t);
            return t;
        })) {
            for (int i = 0; i < REQUESTS; i++) {
                answers.add(pool.submit(() -> store.renderOnce(key, () -> render(store, key, release))));
            }
            // every request is parked: one in the render, the others waiting for it
            Eventually.until(Duration.ofSeconds(30), "all requests waiting", () -> threads.size() == REQUESTS
                    && threads.stream().allMatch(t -> t.getState() == Thread.State.WAITING));
            release.countDown();
            for (Future<VariantStore.Figures> answer : answers) {
                assertThat(answer.get()).isEqualTo(FIGURES);
            }
        }
        assertThat(renders.get()).isEqualTo(1);
        // another node with the same storage finds it without rendering
        VariantStore other = node();
        assertThat(other.figures(key)).hasValue(FIGURES);
        assertThat(other.renderOnce(key, VariantStoreTest::renderedAgain)).isEqualTo(FIGURES);
    }

    @Test
    void aMissOnAnotherNodeWaitsForTheRenderInsteadOfRenderingItself() throws Exception {
        VariantStore nodeA = node();
        VariantStore nodeB = node();
        String key = VariantStore.variantKey("v1", "rt:fit/w:20");
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<Thread> waiter = new AtomicReference<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            Future<VariantStore.Figures> onA = pool.submit(() -> nodeA.renderOnce(key, () -> render(nodeA, key, release)));
            Eventually.until(Duration.ofSeconds(30), "node A rendering", () -> renders.get() == 1);
            Future<VariantStore.Figures> onB = pool.submit(() -> {
                waiter.set(Thread.currentThread());
                return nodeB.renderOnce(key, VariantStoreTest::renderedAgain);
            });
            // node B pauses between its looks for the variant while node A holds the claim
            Eventually.until(Duration.ofSeconds(30), "node B waiting",
                    () -> waiter.get() != null && waiter.get().getState() == Thread.State.TIMED_WAITING);
            release.countDown();
            assertThat(onA.get()).isEqualTo(FIGURES);
            assertThat(onB.get()).isEqualTo(FIGURES);
        }
        assertThat(renders.get()).isEqualTo(1);
    }

    @Test
    void theClaimOfANodeThatStoppedIsTakenOverOnceItsLeaseIsOver() {
        String key = VariantStore.variantKey("v1", "rt:fit/w:30");
        RenderClaims stopped = new RenderClaims(database.dataSource(), clock);
        assertThat(stopped.claim(key)).isPresent();
        assertThat(new RenderClaims(database.dataSource(), clock).claim(key)).isEmpty();

        clock.advance(RenderClaims.LEASE.plusSeconds(1));
        VariantStore living = node();
        assertThat(living.renderOnce(key, () -> render(living, key, new CountDownLatch(0)))).isEqualTo(FIGURES);
        assertThat(renders.get()).isEqualTo(1);
        // the render ended its claim: nothing is left to purge
        assertThat(living.purgeExpiredClaims()).isZero();
    }

    @Test
    void aFailedRenderEndsItsClaimSoTheNextMissRendersAtOnce() {
        String key = VariantStore.variantKey("v1", "rt:fit/w:40");
        VariantStore nodeA = node();
        assertThatThrownBy(() -> nodeA.renderOnce(key, () -> {
            throw new IllegalStateException("encoder failed");
        })).hasMessage("encoder failed");
        VariantStore nodeB = node();
        assertThat(nodeB.renderOnce(key, () -> render(nodeB, key, new CountDownLatch(0)))).isEqualTo(FIGURES);
        assertThat(renders.get()).isEqualTo(1);
    }

    @Test
    void expiredClaimsArePurged() {
        RenderClaims claims = new RenderClaims(database.dataSource(), clock);
        assertThat(claims.claim(VariantStore.variantKey("v1", "w:1"))).isPresent();
        assertThat(claims.purgeExpired()).isZero();
        clock.advance(RenderClaims.LEASE.plusSeconds(1));
        assertThat(claims.purgeExpired()).isEqualTo(1);
    }

    private VariantStore.Figures render(VariantStore store, String key, CountDownLatch release) {
        renders.incrementAndGet();
        try {
            release.await();
            Path file = Files.createTempFile(dir, "variant", ".webp");
            Files.write(file, new byte[] {1, 2, 3});
            store.putVariant(key, file, "image/webp", FIGURES, dir);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return FIGURES;
    }

    private static VariantStore.Figures renderedAgain() {
        throw new AssertionError("rendered again");
    }
}
