package io.mediaopt.cli;

import java.nio.file.Path;

/** What became of one input: optimized, skipped (its output was already there) or failed. */
record Outcome(MediaFiles.Input input, State state, Path output, long outputBytes, String detail) {
    enum State { DONE, SKIPPED, FAILED }

    static Outcome done(MediaFiles.Input input, Path output, long outputBytes, String strategy) {
        return new Outcome(input, State.DONE, output, outputBytes, strategy);
    }

    static Outcome skipped(MediaFiles.Input input, Path output, long outputBytes) {
        return new Outcome(input, State.SKIPPED, output, outputBytes, "output already there");
    }

    static Outcome failed(MediaFiles.Input input, String reason) {
        return new Outcome(input, State.FAILED, null, 0, reason);
    }

    long savedBytes() {
        return state == State.FAILED ? 0 : input.bytes() - outputBytes;
    }
}
