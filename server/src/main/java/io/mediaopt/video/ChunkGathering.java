package io.mediaopt.video;

import io.mediaopt.jobs.EncodingSlots;
import io.mediaopt.database.JobStoreException;
import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * What the job of a chunked plan does once its chunks are recorded: waits, without its encoding
 * slot, until every node's free slots have encoded them (an outage of the database waited out),
 * reads them back in order (an outage of storage waited out), and forgets the plan once joined.
 */
final class ChunkGathering {
    private static final Logger log = LoggerFactory.getLogger(ChunkGathering.class);
    private static final Duration POLL = Duration.ofMillis(250);

    private final ChunkStore store;
    private final Storage storage;
    private final EncodingSlots slots;
    private final ChunksEnded ended;

    /** {@code ended}: news of the chunks this node encodes, which end a wait before its next look. */
    ChunkGathering(ChunkStore store, Storage storage, EncodingSlots slots, ChunksEnded ended) {
        this.store = store;
        this.storage = storage;
        this.slots = slots;
        this.ended = ended;
    }

    /** What {@code wait} returns, waited for without the job's encoding slot, which other work takes meanwhile. */
    <T> T withoutSlot(String jobId, Callable<T> wait) {
        try {
            return slots.whileWaiting(jobId, wait);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits while the free slots of every node encode the plan's chunks; the chunks when all are
     * done, empty when one failed or the time ran out. A database out of reach is waited out;
     * {@code seen} hears of the chunks each time they are read.
     */
    Optional<List<Chunk>> awaitAll(VideoRun run, String jobId, String planKey, Consumer<List<Chunk>> seen) {
        boolean outage = false;
        while (run.timeLeft().isPositive()) {
            long endedBefore = ended.seen();
            List<Chunk> rows;
            try {
                rows = store.planOf(jobId, planKey);
            } catch (JobStoreException e) {
                if (!e.isOutage()) throw e;
                if (!outage) log.warn("job {}: waiting for its chunks through an outage: {}", jobId, e.getMessage());
                outage = true;
                pause();
                continue;
            }
            outage = false;
            seen.accept(rows);
            int done = (int) rows.stream().filter(c -> c.status() == ChunkStatus.DONE).count();
            run.progress().chunksDone(done, rows.size());
            if (rows.stream().anyMatch(c -> c.status() == ChunkStatus.FAILED)) return Optional.empty();
            if (done == rows.size()) return Optional.of(rows);
            awaitChunk(endedBefore);
        }
        return Optional.empty();
    }

    /** Copies the chunks' outputs into {@code dir} (those not copied already); the ffconcat list naming them in order. */
    Path readBack(List<Chunk> chunks, Path dir, VideoRun run) throws IOException {
        StringBuilder list = new StringBuilder("ffconcat version 1.0\n");
        for (Chunk chunk : chunks) {
            String name = String.format(Locale.ROOT, "part-%05d.mp4", chunk.index());
            if (!Files.exists(dir.resolve(name))) fetch(chunk, dir.resolve(name), run);
            list.append("file '").append(name).append("'\n");
        }
        Path listFile = dir.resolve("chunks.ffconcat");
        Files.writeString(listFile, list);
        return listFile;
    }

    /** Reads a chunk's stored output back, waiting out an outage of storage while the time lasts. */
    private void fetch(Chunk chunk, Path target, VideoRun run) {
        for (boolean warned = false; ; warned = true) {
            try {
                storage.copyTo(chunk.outputKey(), target);
                return;
            } catch (StorageException e) {
                if (!e.isOutage() || !run.timeLeft().isPositive()) throw e;
                if (!warned) log.warn("job {}: waiting to read chunk {} back through an outage: {}", chunk.jobId(), chunk.index(),
                        e.getMessage());
                pause();
            }
        }
    }

    /** The plan's stored chunks and rows go once it is joined, or can no longer be. */
    void forget(String jobId, String planKey) {
        try {
            for (Chunk chunk : store.planOf(jobId, planKey)) {
                if (chunk.outputKey() != null) storage.delete(chunk.outputKey());
            }
            store.deletePlan(jobId, planKey);
        } catch (RuntimeException e) {
            log.warn("cannot delete the chunks of job {}: {}", jobId, e.toString());
        }
    }

    /** Until a chunk ends on this node after {@code seen} did, or the next look at the rows. */
    private void awaitChunk(long seen) {
        try {
            ended.awaitAfter(seen, POLL);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Encoding the video was interrupted");
        }
    }

    private static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Encoding the video was interrupted");
        }
    }
}
