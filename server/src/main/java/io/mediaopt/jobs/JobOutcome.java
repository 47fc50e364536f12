package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.media.OptimizationResult;

/** How an ended job ended, at {@code completedAt} (ms): done with its stored output, or failed with its error. */
public sealed interface JobOutcome {
    long completedAt();

    /** Done: {@code result} describes the output stored under {@code outputKey}. */
    record Done(long completedAt, OptimizationResult result, String outputKey) implements JobOutcome {}

    /** Failed with {@code code}; {@code message} says why. */
    record Failed(long completedAt, ErrorCode code, String message) implements JobOutcome {}
}
