package io.mediaopt.video;

import io.mediaopt.DirectoryTrees;
import io.mediaopt.jobs.UnitsOfWork;
import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * The chunks of other jobs' long videos, taken by this node's free encoding slots: each is
 * claimed from the job database, its source found locally ({@link ChunkSources}: read from
 * storage at most once per job on this node), encoded in a directory of its own under
 * {@code workRoot} and stored ({@link ChunkEncoder}); the directory goes afterwards.
 * Every chunk is such a unit, the chunks of this node's own jobs too: a job waits for them
 * without a slot ({@link ChunkedVideo}).
 */
public final class ChunkWork implements UnitsOfWork {
    private static final Logger log = LoggerFactory.getLogger(ChunkWork.class);

    private final ChunkStore store;
    private final ChunkEncoder encoder;
    private final Path workRoot;
    private final Clock clock;
    private final Runnable encoded;
    private final EndedChunks ended;
    private final ChunkSources sources;
    private volatile Runnable added = () -> { };

    /** {@code encoded} is told of each chunk this node encoded and recorded done; {@code sources}: what the chunks read. */
    ChunkWork(ChunkStore store, Storage storage, ChunkEncoder encoder, Path workRoot, Clock clock, Runnable encoded,
              ChunkSources sources) {
        this.store = store;
        this.encoder = encoder;
        this.workRoot = workRoot;
        this.clock = clock;
        this.encoded = encoded;
        this.ended = new EndedChunks(store, storage);
        this.sources = sources;
    }

    /** A chunk, claimed only when one of this node's encoders is free for it, which it holds until the chunk ends. */
    @Override
    public Optional<Runnable> claimOne() {
        if (!encoder.tryTakeEncoder()) return Optional.empty();
        Optional<Chunk> claimed = Optional.empty();
        try {
            claimed = store.claimAny(encoder.nodeId(), encoder.leaseUntil(), clock.millis());
        } catch (RuntimeException e) {
            log.warn("cannot claim a video chunk: {}", e.toString());
        }
        if (claimed.isEmpty()) encoder.encoderDone();
        return claimed.map(chunk -> () -> {
            try {
                run(chunk);
            } finally {
                encoder.encoderDone();
            }
        });
    }

    /** Wakes this node's free slots, which need not wait for their next look to take the chunks just recorded. */
    void recorded() {
        added.run();
    }

    @Override
    public void whenAdded(Runnable listener) {
        this.added = listener;
    }

    @Override
    public int sweepEnded() {
        int copies = sources.sweep();
        if (copies > 0) log.info("deleted {} copies of sources that no chunk of this node reads any more", copies);
        return ended.sweep();
    }

    @Override
    public void stop() {
        sources.close();
    }

    /** A chunk that fails here is left to its lease: another node (or this one) takes it again. */
    private void run(Chunk chunk) {
        Path dir = null;
        try {
            Files.createDirectories(workRoot);
            dir = Files.createTempDirectory(workRoot, "chunk-");
            try (ChunkSources.Use source = sources.sourceOf(chunk, dir)) {
                if (encoder.encode(chunk, source.file(), dir)) encoded.run();
            }
        } catch (IOException | RuntimeException e) {
            log.warn("chunk {} of job {} not encoded here: {}", chunk.index(), chunk.jobId(), e.toString());
        } finally {
            if (dir != null) DirectoryTrees.deleteOrWarn(dir, log);
        }
    }
}
