package io.mediaopt.video;

import io.mediaopt.storage.Storage;

import java.util.List;

/**
 * The chunks of jobs that ended (done or failed) or were deleted, which no join reads any more:
 * a job that failed or was abandoned by its node, or whose join could not delete its chunks.
 * Each goes with its stored output; a chunk a node still encodes is then no one's, and that node
 * deletes its output itself when it cannot record it done.
 */
final class EndedChunks {
    private static final int BATCH = 100;

    private final ChunkStore store;
    private final Storage storage;

    EndedChunks(ChunkStore store, Storage storage) {
        this.store = store;
        this.storage = storage;
    }

    /** Deletes up to a batch of them; returns how many went. Throws when the database or storage fails. */
    int sweep() {
        List<Chunk> ended = store.ofEndedJobs(BATCH);
        for (Chunk chunk : ended) {
            if (chunk.outputKey() != null) storage.delete(chunk.outputKey());
            store.delete(chunk.id());
        }
        return ended.size();
    }
}
