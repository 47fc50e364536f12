package io.mediaopt.media;

import java.nio.file.Path;

/**
 * Encodes one file of one kind with a preset. Implementations check the limits from the header
 * before decoding, try the preset's strategies in order, apply the never-bigger rule, and write
 * their output inside {@code workDir}. Failures are {@link MediaException}s.
 */
public interface Optimizer {
    /** {@code progress} hears how far the encoding has got, where the optimizer can tell. */
    Optimized optimize(Path input, MediaFormat sniffed, Preset preset, Path workDir, Progress progress);

    default Optimized optimize(Path input, MediaFormat sniffed, Preset preset, Path workDir) {
        return optimize(input, sniffed, preset, workDir, Progress.IGNORED);
    }
}
