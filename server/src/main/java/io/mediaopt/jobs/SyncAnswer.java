package io.mediaopt.jobs;

import io.mediaopt.media.OptimizationResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * What a synchronous optimization answers with: the request, the result, and, when this node
 * encoded it, the output file in hand, sent while the output is being stored. The job is done
 * (recorded, its output stored) once {@link #awaitStored} returns; close the answer once sent,
 * which deletes the file in hand.
 */
public final class SyncAnswer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SyncAnswer.class);

    private final JobRequest request;
    private final OptimizationResult result;
    private final Path output;
    private final CompletableFuture<Job> stored;

    SyncAnswer(JobRequest request, OptimizationResult result, Path output, CompletableFuture<Job> stored) {
        this.request = request;
        this.result = result;
        this.output = output;
        this.stored = stored;
    }

    /** The answer of a job another node processed and stored: no file in hand. */
    static SyncAnswer ofStored(Job done) {
        return new SyncAnswer(done.request(), done.state().result(), null, CompletableFuture.completedFuture(done));
    }

    public JobRequest request() {
        return request;
    }

    public OptimizationResult result() {
        return result;
    }

    /** The output file, to send from; empty when another node made it, whose stored copy is sent. */
    public Optional<Path> output() {
        return Optional.ofNullable(output);
    }

    /** Waits until the output is stored and the job recorded done, and returns it; throws the job's failure. */
    public Job awaitStored() {
        try {
            return stored.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) throw failure;
            throw e;
        }
    }

    @Override
    public void close() {
        if (output == null) return;
        try {
            Files.deleteIfExists(output);
        } catch (IOException e) {
            log.warn("cannot delete {}, the answer of a synchronous job; it goes at the next start", output, e);
        }
    }
}
