package io.mediaopt.video;

import io.mediaopt.Fixtures;
import io.mediaopt.database.SqlStatements;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.JobStatus;
import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.jobs.TestJobs;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Strategy;
import io.mediaopt.storage.LocalStorage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node's free slot claims a chunk only with one of the node's video encoders for it: a node of
 * more slots than encoders would otherwise hold chunks it cannot start, which the free encoders
 * of other nodes then never see, and the video ends when the node that took most of them does.
 */
class ChunkWorkTest {
    private static final int FPS = 30;
    private static final Duration LEASE = Duration.ofMinutes(1);

    @TempDir
    Path dir;

    @Test
    void aChunkIsClaimedOnlyWithAFreeEncoderWhichItHoldsUntilItEnds() throws Exception {
        Path source = Fixtures.video("chunk-work.mp4", "320x180", FPS, 4, false, "-c:v", "libx264", "-preset",
                "veryfast", "-g", "60", "-keyint_min", "60", "-sc_threshold", "0", "-pix_fmt", "yuv420p");
        String url = "jdbc:sqlite:" + dir.resolve("jobs.db");
        try (JdbcJobStore jobs = TestJobs.open(url); ProcessRunner runner = new ProcessRunner()) {
            jobs.insert(TestJobs.pending("job", "web", "v.mp4", 100, MediaFormat.MP4, "inputs/job", null, 1));
            SqlStatements.update(jobs.dataSource(), "test", "UPDATE jobs SET status = ? WHERE id = ?",
                    JobStatus.PROCESSING.wireName(), "job");
            LocalStorage storage = new LocalStorage(dir.resolve("storage"));
            storage.put("inputs/job", Files.copy(source, dir.resolve("upload.mp4")), "video/mp4");
            ChunkStore chunks = new ChunkStore(jobs.dataSource(), SqlDialect.of(url));
            chunks.insertAbsent(List.of(chunk(0, 0), chunk(1, 2_000_000L - 500_000 / FPS)), 1);
            Semaphore encoders = new Semaphore(1, true);
            Clock clock = Clock.systemUTC();
            ChunkEncoder encoder = new ChunkEncoder(new VideoTools("ffmpeg", "ffprobe", runner), 100_000_000L,
                    Duration.ofMinutes(2), chunks, storage, encoders, "node", LEASE, clock);
            AtomicInteger encoded = new AtomicInteger();
            Path workRoot = dir.resolve("work");
            ChunkWork work = new ChunkWork(chunks, storage, encoder, workRoot, clock, encoded::incrementAndGet,
                    new ChunkSources(storage, workRoot, clock, LEASE, chunks::anyLeft));

            encoders.acquire(); // a whole video of this node encodes
            assertThat(work.claimOne()).as("no encoder free: the chunk is left to other nodes").isEmpty();
            assertThat(statuses(chunks)).containsExactly(ChunkStatus.PENDING, ChunkStatus.PENDING);
            encoders.release();

            Optional<Runnable> first = work.claimOne();
            assertThat(first).as("the encoder freed").isPresent();
            assertThat(encoders.availablePermits()).as("taken for the chunk claimed").isZero();
            assertThat(work.claimOne()).as("a second slot while the first chunk holds the encoder").isEmpty();
            assertThat(statuses(chunks)).containsExactly(ChunkStatus.PROCESSING, ChunkStatus.PENDING);

            first.get().run();
            assertThat(encoded).hasValue(1);
            assertThat(encoders.availablePermits()).as("given back as the chunk ended").isEqualTo(1);
            assertThat(statuses(chunks)).containsExactly(ChunkStatus.DONE, ChunkStatus.PENDING);
            Optional<Runnable> second = work.claimOne();
            assertThat(second).isPresent();
            second.get().run();
            assertThat(statuses(chunks)).containsExactly(ChunkStatus.DONE, ChunkStatus.DONE);
            assertThat(work.claimOne()).as("none left").isEmpty();
            assertThat(encoders.availablePermits()).as("a claim that found nothing keeps no encoder").isEqualTo(1);
            work.stop();
        }
    }

    private static List<ChunkStatus> statuses(ChunkStore chunks) {
        return chunks.planOf("job", "plan").stream().map(Chunk::status).toList();
    }

    private static Chunk chunk(int index, long seekMicros) {
        return new Chunk(Chunk.idOf("job", "plan", index), "job", "plan", index, "inputs/job", seekMicros, 2 * FPS,
                Strategy.VIDEO_MP4_H264, 30, 320, 800, 10, null, ChunkStatus.PENDING, null);
    }
}
