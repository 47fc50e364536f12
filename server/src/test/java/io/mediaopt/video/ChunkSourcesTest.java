package io.mediaopt.video;

import io.mediaopt.Eventually;
import io.mediaopt.MovableClock;
import io.mediaopt.database.SqlStatements;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.jobs.TestJobs;
import io.mediaopt.media.Strategy;
import io.mediaopt.storage.LocalStorage;
import io.mediaopt.storage.StorageException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The sources the chunks of a node read: copied from storage once per job however many of its
 * chunks come at once, not at all while the job waits on this node, not kept when the copy
 * failed, and deleted once no chunk of the job is left, another job's chunk comes, a lease
 * passes unused, or the node stops. Real SQLite and a real local storage, its reads counted.
 */
class ChunkSourcesTest {
    private static final Duration LEASE = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    JdbcJobStore jobs;
    ChunkStore chunks;
    CountedStorage storage;
    MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:00Z"));
    ChunkSources sources;

    @BeforeEach
    void open() throws Exception {
        String url = "jdbc:sqlite:" + dir.resolve("jobs.db");
        jobs = TestJobs.open(url);
        chunks = new ChunkStore(jobs.dataSource(), SqlDialect.of(url));
        storage = new CountedStorage(new LocalStorage(dir.resolve("storage")));
        for (String job : List.of("a", "b")) {
            storage.put("inputs/" + job, Files.writeString(dir.resolve("upload"), "the source of " + job), "video/mp4");
            chunks.insertAbsent(List.of(chunk(job, 0), chunk(job, 1), chunk(job, 2)), 1);
        }
        sources = new ChunkSources(storage, root(), clock, LEASE, chunks::anyLeft);
    }

    @AfterEach
    void close() {
        jobs.close();
    }

    @Test
    void twoChunksOfOneJobAtOnceCopyItsSourceOnceAndItGoesWithTheJobsLastChunk() throws Exception {
        CountDownLatch copying = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        storage.holdCopies(copying, finish);
        CompletableFuture<ChunkSources.Use> first = CompletableFuture.supplyAsync(() -> use(chunk("a", 0)));
        copying.await();
        CompletableFuture<ChunkSources.Use> secondUse = new CompletableFuture<>();
        Thread second = Thread.ofPlatform().start(() -> secondUse.complete(use(chunk("a", 1))));
        Eventually.until(Duration.ofSeconds(30), "the second chunk waits for the first one's copy",
                () -> second.getState() == Thread.State.WAITING);
        finish.countDown();
        try (ChunkSources.Use a0 = first.get(); ChunkSources.Use a1 = secondUse.get()) {
            assertThat(a1.file()).isEqualTo(a0.file());
            assertThat(a0.file()).hasContent("the source of a");
        }
        assertThat(storage.copies("inputs/a")).as("copied once for both").isEqualTo(1);

        setStatus("a", 0, "done");
        setStatus("a", 1, "done");
        try (ChunkSources.Use a2 = use(chunk("a", 2))) {
            assertThat(a2.file()).hasContent("the source of a");
            assertThat(storage.copies("inputs/a")).as("a later chunk reads the same copy").isEqualTo(1);
            setStatus("a", 2, "done");
        }
        assertThat(copiesKept()).as("gone with the job's last chunk").isEmpty();
    }

    @Test
    void aJobWaitingOnThisNodeLendsItsInputWhichOutlivesTheWaitInTheChunk() throws Exception {
        Path input = Files.writeString(dir.resolve("input"), "the job's own copy");
        Path chunkDir = Files.createDirectories(root().resolve("chunk-0"));
        ChunkSources.Use use;
        try (ChunkSources.Held _ = sources.heldBy("a", input)) {
            use = sources.sourceOf(chunk("a", 0), chunkDir);
        }
        Files.delete(input);
        assertThat(use.file()).hasContent("the job's own copy");
        assertThat(storage.copies("inputs/a")).as("nothing read from storage").isZero();
        use.close();

        try (ChunkSources.Use later = use(chunk("a", 1))) {
            assertThat(later.file()).as("once the job stopped waiting, read from storage").hasContent("the source of a");
        }
        assertThat(storage.copies("inputs/a")).isEqualTo(1);
        try (ChunkSources.Held _ = sources.heldBy("a", Files.writeString(dir.resolve("input"), "again"))) {
            assertThat(copiesKept()).as("not needed while the job waits here").isEmpty();
        }
    }

    @Test
    void aFailedCopyIsNotKeptAndTheNextChunkCopiesAgain() throws Exception {
        storage.delete("inputs/a");
        assertThatThrownBy(() -> sources.sourceOf(chunk("a", 0), dir)).isInstanceOf(StorageException.class);
        assertThat(copiesKept()).isEmpty();
        storage.put("inputs/a", Files.writeString(dir.resolve("upload"), "back"), "video/mp4");
        try (ChunkSources.Use use = use(chunk("a", 1))) {
            assertThat(use.file()).hasContent("back");
        }
        assertThat(storage.copies("inputs/a")).isEqualTo(2);
    }

    @Test
    void anUnusedCopyGoesForAnotherJobsChunkAfterALeaseAndOnStop() throws Exception {
        use(chunk("a", 0)).close();
        assertThat(copiesKept()).as("its job has chunks left").hasSize(1);
        try (ChunkSources.Use b = use(chunk("b", 0))) {
            assertThat(copiesKept()).as("job a's copy made room for job b's").hasSize(1);
            assertThat(b.file()).hasContent("the source of b");
        }
        assertThat(sources.sweep()).as("used less than a lease ago, its job's chunks left").isZero();
        clock.advance(LEASE);
        assertThat(sources.sweep()).isEqualTo(1);
        assertThat(copiesKept()).isEmpty();

        ChunkSources.Use inUse = use(chunk("a", 1));
        use(chunk("a", 2)).close();
        sources.close();
        assertThat(copiesKept()).as("read by a chunk still running").hasSize(1);
        inUse.close();
        assertThat(copiesKept()).as("gone once that chunk ended").isEmpty();
    }

    private ChunkSources.Use use(Chunk chunk) {
        try {
            return sources.sourceOf(chunk, Files.createTempDirectory(dir, "chunk-"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Path root() {
        return dir.resolve("work").resolve("chunks");
    }

    private List<Path> copiesKept() throws Exception {
        if (!Files.exists(root())) return List.of();
        try (Stream<Path> kept = Files.list(root())) {
            return kept.filter(p -> p.getFileName().toString().startsWith("source-")).toList();
        }
    }

    private void setStatus(String job, int index, String status) {
        SqlStatements.update(jobs.dataSource(), "test", "UPDATE video_chunks SET status = ? WHERE id = ?", status,
                Chunk.idOf(job, "plan", index));
    }

    private static Chunk chunk(String jobId, int index) {
        return new Chunk(Chunk.idOf(jobId, "plan", index), jobId, "plan", index, "inputs/" + jobId, index * 2_000_000L,
                50, Strategy.VIDEO_MP4_H264, 23, 1280, 0, 10, null, ChunkStatus.PENDING, null);
    }
}
