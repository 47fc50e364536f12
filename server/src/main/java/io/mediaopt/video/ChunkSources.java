package io.mediaopt.video;

import io.mediaopt.DirectoryTrees;
import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;

/**
 * The sources the chunks encoded on this node read, as local files, read from storage at most
 * once per job on this node, and not at all on the job's own node: there a chunk reads the copy
 * the waiting job holds in its work directory (linked into the chunk's directory, so the job may
 * end meanwhile). Elsewhere the first chunk of a job copies the source into a directory of its own
 * under the chunk work root; chunks of the same job that come meanwhile wait for that copy, later
 * ones read it too. A copy that fails is not kept: its chunk, and those waiting, are left to their
 * leases.
 *
 * <p>Disk: a copy no chunk of this node reads goes as soon as a chunk of another job is claimed
 * here, when no chunk of its job is left to encode (looked at as its last chunk here ends, and by
 * the sweep of ended chunks), once unused for a lease, or on stop. So a node holds at most one
 * source per encoding slot (SERVICE_WORKERS) besides its own jobs' inputs. A node killed while it
 * copies leaves a directory under the work root, which the next start deletes with the rest of it
 * ({@link io.mediaopt.jobs.WorkDirs#clear}).
 */
final class ChunkSources implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ChunkSources.class);

    private final Storage storage;
    private final Path workRoot;
    private final Clock clock;
    private final Duration unusedFor;
    /** Whether a job still has chunks to encode (pending, or processing on some node). */
    private final Predicate<String> chunksLeft;
    /** The local inputs of this node's jobs waiting for their chunks, by job. */
    private final Map<String, List<Path>> waiting = new HashMap<>();
    private final Map<String, Copy> copies = new HashMap<>();
    private boolean closed;

    /** A job's source copied here: the file once {@code copied} completes, and the chunks reading it. */
    private static final class Copy {
        final Path dir;
        final CompletableFuture<Path> copied = new CompletableFuture<>();
        int readers;
        long lastUsedAt;

        Copy(Path dir) {
            this.dir = dir;
        }

        boolean idle() {
            return readers == 0 && copied.isDone();
        }
    }

    /** A job's input held for its chunks until closed. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /** The source a chunk reads until closed. */
    interface Use extends AutoCloseable {
        Path file();

        @Override
        default void close() {}
    }

    ChunkSources(Storage storage, Path workRoot, Clock clock, Duration unusedFor, Predicate<String> chunksLeft) {
        this.storage = storage;
        this.workRoot = workRoot;
        this.clock = clock;
        this.unusedFor = unusedFor;
        this.chunksLeft = chunksLeft;
    }

    /**
     * Registers {@code input}, the local copy of job {@code jobId}'s source, for this node's chunks
     * of the job to read until the returned registration is closed (the job stops waiting).
     */
    Held heldBy(String jobId, Path input) {
        synchronized (this) {
            waiting.computeIfAbsent(jobId, id -> new ArrayList<>()).add(input);
            Copy copy = copies.get(jobId);
            if (copy != null && copy.idle()) delete(jobId, copy);
        }
        return () -> {
            synchronized (this) {
                List<Path> inputs = waiting.get(jobId);
                inputs.remove(input);
                if (inputs.isEmpty()) waiting.remove(jobId);
            }
        };
    }

    /** The source of {@code chunk} as a local file, for a chunk encoded in {@code chunkDir}. */
    Use sourceOf(Chunk chunk, Path chunkDir) throws IOException {
        Copy copy;
        boolean copyHere = false;
        synchronized (this) {
            if (closed) throw new IllegalStateException("stopped");
            dropIdleExcept(chunk.jobId());
            Path linked = linkToWaitingJob(chunk.jobId(), chunkDir);
            if (linked != null) return () -> linked;
            copy = copies.get(chunk.jobId());
            if (copy == null) {
                Files.createDirectories(workRoot);
                copy = new Copy(Files.createTempDirectory(workRoot, "source-"));
                copies.put(chunk.jobId(), copy);
                copyHere = true;
            }
            copy.readers++;
        }
        if (copyHere) copy(chunk, copy);
        Copy used = copy;
        Path file = await(used);
        return new Use() {
            @Override
            public Path file() {
                return file;
            }

            @Override
            public void close() {
                release(chunk.jobId(), used);
            }
        };
    }

    /** The waiting job's input linked into {@code chunkDir}; null when no job of this node waits, or it cannot be linked. */
    private Path linkToWaitingJob(String jobId, Path chunkDir) {
        List<Path> inputs = waiting.get(jobId);
        if (inputs == null) return null;
        try {
            return Files.createLink(chunkDir.resolve("source"), inputs.getLast());
        } catch (IOException | UnsupportedOperationException e) {
            log.debug("cannot link the input of job {}; reading its source from storage: {}", jobId, e.toString());
            return null;
        }
    }

    private void copy(Chunk chunk, Copy copy) {
        try {
            Path file = copy.dir.resolve("source");
            long started = System.nanoTime();
            storage.copyTo(chunk.sourceKey(), file);
            log.info("the source of job {} copied here in {} s", chunk.jobId(), Elapsed.seconds(started));
            copy.copied.complete(file);
        } catch (RuntimeException | Error e) {
            synchronized (this) {
                copies.remove(chunk.jobId(), copy);
            }
            DirectoryTrees.deleteOrWarn(copy.dir, log);
            copy.copied.completeExceptionally(e);
        }
    }

    private Path await(Copy copy) throws IOException {
        try {
            return copy.copied.get();
        } catch (ExecutionException e) {
            release(null, copy);
            if (e.getCause() instanceof RuntimeException failure) throw failure;
            if (e.getCause() instanceof Error error) throw error;
            throw new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            release(null, copy);
            throw new IOException("interrupted while the source was copied", e);
        }
    }

    /** One chunk stopped reading {@code copy}; once none does, the copy goes if it is of no more use. */
    private void release(String jobId, Copy copy) {
        boolean ofNoMoreUse;
        synchronized (this) {
            copy.readers--;
            copy.lastUsedAt = clock.millis();
            if (jobId == null || !copy.idle()) return;
            ofNoMoreUse = closed || waiting.containsKey(jobId);
        }
        // asked without the lock: the database may take its time
        if (!ofNoMoreUse) ofNoMoreUse = noChunksLeft(jobId);
        synchronized (this) {
            if (ofNoMoreUse && copy.idle() && copies.get(jobId) == copy) delete(jobId, copy);
        }
    }

    private boolean noChunksLeft(String jobId) {
        try {
            return !chunksLeft.test(jobId);
        } catch (RuntimeException e) {
            log.debug("cannot tell whether job {} has chunks left: {}", jobId, e.toString());
            return false;
        }
    }

    /**
     * Deletes the copies no chunk reads that were unused for a lease or whose jobs have no chunk
     * left to encode; returns how many went. Throws when the database cannot be asked.
     */
    int sweep() {
        List<String> idle;
        int deleted = 0;
        synchronized (this) {
            long before = clock.millis() - unusedFor.toMillis();
            for (Map.Entry<String, Copy> e : List.copyOf(copies.entrySet())) {
                if (e.getValue().idle() && e.getValue().lastUsedAt <= before) {
                    delete(e.getKey(), e.getValue());
                    deleted++;
                }
            }
            idle = copies.entrySet().stream().filter(e -> e.getValue().idle()).map(Map.Entry::getKey).toList();
        }
        for (String jobId : idle) {
            if (chunksLeft.test(jobId)) continue;
            synchronized (this) {
                Copy copy = copies.get(jobId);
                if (copy != null && copy.idle()) {
                    delete(jobId, copy);
                    deleted++;
                }
            }
        }
        return deleted;
    }

    /** The copies no chunk reads go, those read go once their chunks end. */
    @Override
    public synchronized void close() {
        closed = true;
        dropIdleExcept(null);
    }

    private void dropIdleExcept(String jobId) {
        for (Map.Entry<String, Copy> e : List.copyOf(copies.entrySet())) {
            if (!e.getKey().equals(jobId) && e.getValue().idle()) delete(e.getKey(), e.getValue());
        }
    }

    private void delete(String jobId, Copy copy) {
        copies.remove(jobId, copy);
        DirectoryTrees.deleteOrWarn(copy.dir, log);
    }
}
