package io.mediaopt.image;

import io.mediaopt.media.Strategy;

import java.nio.file.Path;

/** One encoding made: with which strategy, to which file, and what came out. */
record Encoding(Strategy strategy, Path output, ImageEncoder.Encoded encoded) {
    /** Whether the encoding meets the quality target; one that was not scored is taken as meeting it. */
    boolean meets(double target) {
        return encoded.score() == null || encoded.score() >= target;
    }

    long bytes() {
        return WorkFiles.size(output);
    }
}
