package io.mediaopt.video;

import java.time.Duration;

/**
 * How a child process ended. {@code exitCode} is -1 when it was killed for running past its
 * timeout ({@code timedOut}); {@code stdout} stops at the runner's cap ({@code stdoutTruncated});
 * {@code stderrTail} is only the end of what it wrote to stderr.
 */
public record ProcessResult(
        int exitCode,
        boolean timedOut,
        String stdout,
        boolean stdoutTruncated,
        String stderrTail,
        Duration elapsed) {

    public boolean succeeded() {
        return !timedOut && exitCode == 0;
    }
}
