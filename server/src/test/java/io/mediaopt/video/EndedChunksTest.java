package io.mediaopt.video;

import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.JobStatus;
import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.database.SqlStatements;
import io.mediaopt.jobs.TestJobs;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Strategy;
import io.mediaopt.storage.LocalStorage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sweep of the chunks of jobs that ended without joining them: those of done, failed and
 * deleted jobs go with their stored outputs, those of pending and processing jobs stay. On
 * SQLite here; {@link PostgresEndedChunksTest} runs the same on PostgreSQL.
 */
class EndedChunksTest {
    private static final Map<String, JobStatus> JOBS = Map.of("queued-again", JobStatus.PENDING,
            "running", JobStatus.PROCESSING, "done", JobStatus.DONE, "failed", JobStatus.FAILED);

    @TempDir
    Path dir;
    JdbcJobStore jobs;

    String databaseUrl() throws Exception {
        return "jdbc:sqlite:" + dir.resolve("jobs.db");
    }

    @AfterEach
    void close() {
        if (jobs != null) jobs.close();
    }

    @Test
    void chunksOfEndedAndDeletedJobsGoWithTheirOutputsAndTheOthersStay() throws Exception {
        String url = databaseUrl();
        jobs = TestJobs.open(url);
        ChunkStore chunks = new ChunkStore(jobs.dataSource(), SqlDialect.of(url));
        LocalStorage storage = new LocalStorage(dir.resolve("storage"));
        for (Map.Entry<String, JobStatus> job : JOBS.entrySet()) {
            jobs.insert(TestJobs.pending(job.getKey(), "web", "v.mp4", 100, MediaFormat.MP4, "inputs/" + job.getKey(),
                    null, 1));
            SqlStatements.update(jobs.dataSource(), "test", "UPDATE jobs SET status = ? WHERE id = ?",
                    job.getValue().wireName(), job.getKey());
        }
        for (String job : List.of("queued-again", "running", "done", "failed", "deleted")) {
            chunks.insertAbsent(List.of(chunk(job, 0), chunk(job, 1)), 1);
            // chunk 0 done and stored, chunk 1 not yet
            String key = "chunks/" + job + "/0.mp4";
            Path part = Files.writeString(dir.resolve("part"), "encoded " + job);
            storage.put(key, part, "video/mp4");
            SqlStatements.update(jobs.dataSource(), "test", "UPDATE video_chunks SET status = 'done', output_key = ? "
                    + "WHERE id = ?", key, Chunk.idOf(job, "plan", 0));
        }

        EndedChunks ended = new EndedChunks(chunks, storage);
        assertThat(ended.sweep()).as("two chunks of each of three jobs").isEqualTo(6);
        for (String gone : List.of("done", "failed", "deleted")) {
            assertThat(chunks.planOf(gone, "plan")).as(gone).isEmpty();
            assertThat(storage.localFile("chunks/" + gone + "/0.mp4").orElseThrow()).as(gone).doesNotExist();
        }
        for (String kept : List.of("queued-again", "running")) {
            assertThat(chunks.planOf(kept, "plan")).as(kept).hasSize(2);
            assertThat(storage.localFile("chunks/" + kept + "/0.mp4").orElseThrow()).as(kept).exists();
        }
        assertThat(ended.sweep()).as("nothing left to sweep").isZero();
    }

    private static Chunk chunk(String jobId, int index) {
        return new Chunk(Chunk.idOf(jobId, "plan", index), jobId, "plan", index, "inputs/" + jobId, index * 2_000_000L,
                50, Strategy.VIDEO_MP4_H264, 23, 1280, 0, 10, null, ChunkStatus.PENDING, null);
    }
}
