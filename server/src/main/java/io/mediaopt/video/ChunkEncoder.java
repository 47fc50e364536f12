package io.mediaopt.video;

import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;

/**
 * Encodes one claimed chunk from a local copy of its source, on one of this node's encoders,
 * renewing the chunk's lease while it runs; stores the output where every node reads it and
 * records the chunk done. A node that dies stops renewing: the lease runs out and another node
 * claims the chunk again. An output stored by a node that lost its lease meanwhile is deleted.
 */
final class ChunkEncoder {
    private static final Logger log = LoggerFactory.getLogger(ChunkEncoder.class);

    private final VideoTools tools;
    private final long maxPixels;
    private final Duration timeout;
    private final ChunkStore store;
    private final Storage storage;
    private final Semaphore encoders;
    private final String nodeId;
    private final Duration lease;
    private final Clock clock;

    ChunkEncoder(VideoTools tools, long maxPixels, Duration timeout, ChunkStore store, Storage storage,
                 Semaphore encoders, String nodeId, Duration lease, Clock clock) {
        this.tools = tools;
        this.maxPixels = maxPixels;
        this.timeout = timeout;
        this.store = store;
        this.storage = storage;
        this.encoders = encoders;
        this.nodeId = nodeId;
        this.lease = lease;
        this.clock = clock;
    }

    String nodeId() {
        return nodeId;
    }

    /**
     * One of the node's encoders for a chunk about to be claimed, if one is free now: a slot claims
     * a chunk only with an encoder for it, so a node of more slots than encoders leaves the chunks
     * it cannot start to the free encoders of other nodes. Given back by {@link #encoderDone}.
     */
    boolean tryTakeEncoder() {
        return encoders.tryAcquire();
    }

    void encoderDone() {
        encoders.release();
    }

    long leaseUntil() {
        return clock.millis() + lease.toMillis();
    }

    /**
     * Encodes {@code chunk}, whose source is at {@code source}, inside {@code workDir}, on the
     * encoder taken for it ({@link #tryTakeEncoder}); true when it is recorded done.
     */
    boolean encode(Chunk chunk, Path source, Path workDir) {
        Path output = workDir.resolve("chunk-" + chunk.index() + "-" + UUID.randomUUID() + ".mp4");
        long started = System.nanoTime();
        Thread renewer = Thread.ofVirtual().name("chunk-lease").start(() -> renewWhileRunning(chunk));
        try {
            ProcessResult run = run(chunk, source, output);
            if (!run.succeeded()) {
                log.warn("chunk {} of job {}: ffmpeg exited with {}{}; stderr tail:\n{}", chunk.index(), chunk.jobId(),
                        run.exitCode(), run.timedOut() ? " (timed out)" : "", run.stderrTail().strip());
                store.markFailed(chunk.id(), nodeId);
                return false;
            }
            String key = "chunks/" + chunk.jobId() + "/" + chunk.plan() + "/" + chunk.index() + "-" + UUID.randomUUID()
                    + ".mp4";
            storage.put(key, output, "video/mp4");
            boolean recorded = false;
            try {
                recorded = store.markDone(chunk.id(), nodeId, key);
            } finally {
                // an output no row names (the lease was lost, or the database was out) is no one's
                if (!recorded) storage.delete(key);
            }
            if (recorded) {
                log.info("chunk {} of job {} encoded and stored here in {} s", chunk.index(), chunk.jobId(),
                        Elapsed.seconds(started));
            }
            return recorded;
        } finally {
            renewer.interrupt();
            VideoEncoder.deleteFile(output);
        }
    }

    private ProcessResult run(Chunk chunk, Path source, Path output) {
        int processors = Runtime.getRuntime().availableProcessors();
        List<String> command = chunk.ladder() != null
                ? ChunkArguments.ladderChunk(tools.ffmpeg(), source, output, chunk, maxPixels, processors)
                : ChunkArguments.chunk(tools.ffmpeg(), source, output, chunk.strategy(), chunk.settings(), maxPixels,
                        processors, chunk.seekMicros(), chunk.frames());
        try {
            return tools.runner().run(command, timeout);
        } catch (IOException e) {
            throw new UncheckedIOException("ffmpeg could not be started", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Encoding a chunk was interrupted");
        }
    }

    private void renewWhileRunning(Chunk chunk) {
        long every = Math.max(1, lease.toMillis() / 3);
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(every);
                try {
                    if (!store.renew(chunk.id(), nodeId, leaseUntil())) return;
                } catch (RuntimeException e) {
                    log.warn("cannot renew the lease of chunk {} of job {}: {}", chunk.index(), chunk.jobId(), e.toString());
                }
            }
        } catch (InterruptedException e) {
            // the chunk ended
        }
    }
}
