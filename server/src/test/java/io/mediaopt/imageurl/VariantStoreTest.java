package io.mediaopt.imageurl;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.storage.LocalStorage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Variants kept in the service's storage: identical misses render once, and a stored one is found by any node. */
class VariantStoreTest {
    static final int REQUESTS = 16;

    @Test
    void identicalMissesOnOneNodeRenderOnce(@TempDir Path dir) throws Exception {
        VariantStore store = new VariantStore(new LocalStorage(dir.resolve("store")), new ObjectMapper());
        String key = VariantStore.variantKey("v1", "rt:fit/w:10");
        AtomicInteger renders = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<Future<VariantStore.Figures>> answers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(REQUESTS, r -> {
            Thread t = new Thread(r);
            threads.add(t);
            return t;
        })) {
            for (int i = 0; i < REQUESTS; i++) {
                answers.add(pool.submit(() -> store.renderOnce(key, () -> {
                    renders.incrementAndGet();
                    await(release);
                    Path file = dir.resolve("variant.webp");
                    write(file);
                    VariantStore.Figures figures = new VariantStore.Figures(10, 8, "webp", 3);
                    store.putVariant(key, file, "image/webp", figures, dir);
                    return figures;
                })));
            }
            // every request is parked: one in the render, the others waiting for it
            Eventually.until(Duration.ofSeconds(30), "all requests waiting", () -> threads.size() == REQUESTS
                    && threads.stream().allMatch(t -> t.getState() == Thread.State.WAITING));
            release.countDown();
            for (Future<VariantStore.Figures> answer : answers) {
                assertThat(answer.get()).isEqualTo(new VariantStore.Figures(10, 8, "webp", 3));
            }
        }
        assertThat(renders.get()).isEqualTo(1);
        // another node with the same storage finds it without rendering
        VariantStore other = new VariantStore(new LocalStorage(dir.resolve("store")), new ObjectMapper());
        assertThat(other.figures(key)).hasValue(new VariantStore.Figures(10, 8, "webp", 3));
        assertThat(other.renderOnce(key, () -> {
            throw new AssertionError("rendered again");
        })).isEqualTo(new VariantStore.Figures(10, 8, "webp", 3));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void write(Path file) {
        try {
            Files.write(file, new byte[] {1, 2, 3});
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
