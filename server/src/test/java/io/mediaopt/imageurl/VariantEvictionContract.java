package io.mediaopt.imageurl;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.MovableClock;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.storage.LocalStorage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The byte bound of stored variants, on each job database: past it the least recently used
 * variant goes first, by the uses every node records, and a later request renders it again.
 */
abstract class VariantEvictionContract {
    static final int VARIANT_BYTES = 1000;

    @TempDir
    Path dir;
    JdbcJobStore database;
    final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:00Z"));

    abstract JdbcJobStore openEmptyDatabase() throws Exception;

    @AfterEach
    void close() {
        if (database != null) database.close();
    }

    @Test
    void theLeastRecentlyUsedVariantIsEvictedFirstAndRenderedAgainLater() throws Exception {
        database = openEmptyDatabase();
        LocalStorage storage = new LocalStorage(dir.resolve("store"));
        VariantStore variants = new VariantStore(storage, new ObjectMapper(), new RenderClaims(database.dataSource(), clock));
        // two nodes of one deployment: a bound of two variants' bytes
        VariantUses nodeA = new VariantUses(database.dataSource(), variants, 2 * VARIANT_BYTES, clock);
        VariantUses nodeB = new VariantUses(database.dataSource(), variants, 2 * VARIANT_BYTES, clock);
        String first = VariantStore.variantKey("v1", "w:10");
        String second = VariantStore.variantKey("v1", "w:20");
        String third = VariantStore.variantKey("v1", "w:30");
        AtomicInteger renders = new AtomicInteger();
        for (String key : new String[] {first, second, third}) {
            VariantStore.Figures figures = variants.renderOnce(key, () -> store(variants, key, renders));
            nodeA.used(key, figures.bytes());
            clock.advance(Duration.ofMinutes(2));
        }
        // the first is served again, by the other node
        nodeB.used(first, VARIANT_BYTES);
        clock.advance(Duration.ofSeconds(30));
        assertThat(nodeA.totalBytes()).isEqualTo(3L * VARIANT_BYTES);

        assertThat(nodeA.evict()).isEqualTo(1);
        assertThat(variants.figures(second)).as("least recently used").isEmpty();
        assertThat(Files.exists(dir.resolve("store").resolve(second))).isFalse();
        assertThat(variants.figures(first)).isPresent();
        assertThat(variants.figures(third)).isPresent();
        assertThat(nodeB.totalBytes()).isEqualTo(2L * VARIANT_BYTES);
        assertThat(nodeB.evict()).as("under the bound").isZero();

        int before = renders.get();
        VariantStore.Figures again = variants.renderOnce(second, () -> store(variants, second, renders));
        assertThat(renders.get()).as("rendered again").isEqualTo(before + 1);
        nodeA.used(second, again.bytes());
        clock.advance(Duration.ofMinutes(2));
        // now the third is the least recently used
        assertThat(nodeB.evict()).isEqualTo(1);
        assertThat(variants.figures(third)).isEmpty();
        assertThat(variants.figures(second)).isPresent();
        assertThat(variants.figures(first)).isPresent();
    }

    @Test
    void aHitWithinAMinuteOfTheNodesLastWriteIsNotWritten() throws Exception {
        database = openEmptyDatabase();
        LocalStorage storage = new LocalStorage(dir.resolve("store"));
        VariantStore variants = new VariantStore(storage, new ObjectMapper(), new RenderClaims(database.dataSource(), clock));
        VariantUses node = new VariantUses(database.dataSource(), variants, VARIANT_BYTES, clock);
        String older = VariantStore.variantKey("v1", "w:10");
        String newer = VariantStore.variantKey("v1", "w:20");
        node.used(older, variants.renderOnce(older, () -> store(variants, older, new AtomicInteger())).bytes());
        clock.advance(Duration.ofSeconds(10));
        node.used(newer, variants.renderOnce(newer, () -> store(variants, newer, new AtomicInteger())).bytes());
        clock.advance(Duration.ofSeconds(20));
        node.used(older, VARIANT_BYTES); // 30 s after its last write: kept off the database
        assertThat(node.evict()).isEqualTo(1);
        assertThat(variants.figures(older)).isEmpty();
        assertThat(variants.figures(newer)).isPresent();
    }

    @Test
    void noBoundEvictsNothing() throws Exception {
        database = openEmptyDatabase();
        LocalStorage storage = new LocalStorage(dir.resolve("store"));
        VariantStore variants = new VariantStore(storage, new ObjectMapper(), new RenderClaims(database.dataSource(), clock));
        VariantUses unbounded = new VariantUses(database.dataSource(), variants, 0, clock);
        String key = VariantStore.variantKey("v1", "w:10");
        unbounded.used(key, variants.renderOnce(key, () -> store(variants, key, new AtomicInteger())).bytes());
        assertThat(unbounded.evict()).isZero();
        assertThat(variants.figures(key)).isPresent();
    }

    private VariantStore.Figures store(VariantStore variants, String key, AtomicInteger renders) {
        renders.incrementAndGet();
        try {
            Path work = Files.createTempDirectory(dir, "work");
            Path file = work.resolve("variant.webp");
            Files.write(file, new byte[VARIANT_BYTES]);
            VariantStore.Figures figures = new VariantStore.Figures(10, 8, "webp", VARIANT_BYTES);
            variants.putVariant(key, file, "image/webp", figures, work);
            return figures;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
