package io.mediaopt.video;

import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.SharedInput;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * One video's optimization, what every step of {@link VideoOptimizer} reads: the upload, what
 * it was asked for, where its outputs go, its prober and progress, when its time is up
 * ({@link System#nanoTime()}), and the upload as every node reads it, when they can.
 */
record VideoRun(Path input, MediaFormat sniffed, VideoSettings settings, Path workDir, Ffprobe ffprobe,
                EncodeProgress progress, long deadline, Optional<SharedInput> shared) {

    /** The same run with its time counted again from now: a wait for an encoder does not count. */
    VideoRun restarted(Duration timeout) {
        return new VideoRun(input, sniffed, settings, workDir, ffprobe, progress, System.nanoTime() + timeout.toNanos(),
                shared);
    }

    Duration timeLeft() {
        return Duration.ofNanos(deadline - System.nanoTime());
    }

    Strategy firstStrategy() {
        return settings.strategies().getFirst();
    }
}
