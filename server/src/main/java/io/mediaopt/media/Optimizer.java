package io.mediaopt.media;

import java.nio.file.Path;

/**
 * Encodes one file of one kind with a preset. Implementations check the limits from the header
 * before decoding, try the preset's strategies in order, apply the never-bigger rule, and write
 * their output inside {@code workDir}. Failures are {@link MediaException}s.
 */
public interface Optimizer {
    Optimized optimize(Path input, Sniffed sniffed, Preset preset, Path workDir);
}
