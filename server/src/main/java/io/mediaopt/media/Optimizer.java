package io.mediaopt.media;

import java.nio.file.Path;

/**
 * Encodes one file of one kind with a preset. Implementations check the limits from the header
 * before decoding, try the preset's strategies in order, apply the never-bigger rule, and write
 * their output inside {@code workDir}. Failures are {@link MediaException}s.
 */
public interface Optimizer {
    /**
     * {@code progress} hears how far the encoding has got, where the optimizer can tell;
     * {@code deadline} bounds any wait for a shared encoder ({@link QueueDeadline#NONE}: none).
     */
    Optimized optimize(Path input, MediaFormat sniffed, Preset preset, Path workDir, Progress progress,
                       QueueDeadline deadline);

    /**
     * As above, for a job whose input every node can read ({@code shared}, or empty): the
     * optimizer may share its work out. By default it does not.
     */
    default Optimized optimize(Path input, MediaFormat sniffed, Preset preset, Path workDir, Progress progress,
                               QueueDeadline deadline, java.util.Optional<SharedInput> shared) {
        return optimize(input, sniffed, preset, workDir, progress, deadline);
    }

    /** Without progress or deadline. */
    default Optimized optimize(Path input, MediaFormat sniffed, Preset preset, Path workDir) {
        return optimize(input, sniffed, preset, workDir, Progress.IGNORED, QueueDeadline.NONE);
    }
}
