package io.mediaopt.renditions;

import io.mediaopt.media.Limits;
import io.mediaopt.video.Ffprobe;
import io.mediaopt.video.VideoTools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A chunked ladder's audio: the source's first audio stream encoded once, whole, as each rung of a
 * one-piece ladder has it, away from the waiting job's thread, so the first cuts need not wait
 * for it. Until it is done a cut takes the source's audio encoded from its start to a little past
 * the cut's end: the AAC encoder's packets depend on the samples before them and one frame after,
 * so up to the cut's end they are the whole encode's, byte for byte, and the segments listed keep
 * their bytes when the whole audio replaces them.
 */
final class LadderAudio {
    /** How far past a cut's end its early audio is encoded: many AAC frames. */
    private static final double PAST_END_SEC = 1.0;

    private final VideoTools tools;
    private final Limits limits;
    private final Path wholeFile;
    private final Path earlyFile;
    private final CompletableFuture<Optional<Path>> whole = new CompletableFuture<>();
    private volatile boolean started;

    /** Its files in {@code parent}, named after {@code name}. */
    LadderAudio(VideoTools tools, Limits limits, Path parent, String name) {
        this.tools = tools;
        this.limits = limits;
        this.wholeFile = parent.resolve(name + ".m4a");
        this.earlyFile = parent.resolve(name + "-early.m4a");
    }

    /** Starts the whole encode on a thread of its own, if the source has audio. */
    void start(Path input, int audioKbps) {
        started = true;
        boolean silent;
        try {
            silent = new Ffprobe(tools, limits.ffprobeTimeout()).probe(input).audio().isEmpty();
        } catch (RuntimeException | Error e) {
            // nothing to wait for when the files are deleted
            whole.completeExceptionally(e);
            throw e;
        }
        if (silent) {
            whole.complete(Optional.empty());
            return;
        }
        Thread.ofVirtual().name("ladder-audio").start(() -> {
            try {
                FfmpegRun.run(tools, HlsArguments.audio(tools.ffmpeg(), input, wholeFile, audioKbps,
                        limits.maxInputPixels()), limits.videoTimeout(), "HLS ladder's audio");
                whole.complete(Optional.of(wholeFile));
            } catch (RuntimeException | Error e) {
                whole.completeExceptionally(e);
            }
        });
    }

    /** The audio for a cut ending {@code endSec} in: the whole once encoded, else the source's to a little past the end. */
    Optional<Path> upTo(Path input, int audioKbps, double endSec) {
        if (whole.isDone()) return whole();
        FfmpegRun.run(tools, HlsArguments.audio(tools.ffmpeg(), input, earlyFile, audioKbps, limits.maxInputPixels(),
                endSec + PAST_END_SEC), limits.videoTimeout(), "HLS ladder's early audio");
        return Optional.of(earlyFile);
    }

    /** Whether the source has audio, once known: false until {@link #start}. */
    boolean present() {
        return started && !(whole.isDone() && whole.join().isEmpty());
    }

    /** The whole audio, waited for; empty: the source has none. */
    Optional<Path> whole() {
        try {
            return whole.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) throw cause;
            throw e;
        }
    }

    /** Waits for an encode started to end (its process would write on), then deletes the files. */
    void delete() {
        if (started) whole.exceptionally(e -> Optional.empty()).join();
        try {
            Files.deleteIfExists(wholeFile);
            Files.deleteIfExists(earlyFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
