package io.mediaopt.video;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;

/**
 * The encoder binaries (names looked up on PATH, or paths) and the runner that starts them.
 * The server reads the binaries from SERVICE_FFMPEG_PATH and SERVICE_FFPROBE_PATH.
 */
public record VideoTools(String ffmpeg, String ffprobe, ProcessRunner runner) {
    public VideoTools {
        Objects.requireNonNull(ffmpeg, "ffmpeg");
        Objects.requireNonNull(ffprobe, "ffprobe");
        Objects.requireNonNull(runner, "runner");
    }

    /** The versions both binaries report, for the health check; throws when either does not answer. */
    public ToolVersions versions(Duration timeout) {
        return new ToolVersions(version(ffmpeg, timeout), version(ffprobe, timeout));
    }

    private String version(String tool, Duration timeout) {
        ProcessResult result;
        try {
            result = runner.run(FfmpegCommand.version(tool), timeout);
        } catch (IOException e) {
            throw new IllegalStateException(tool + " cannot be started: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(tool + " check was interrupted", e);
        }
        if (result.timedOut()) throw new IllegalStateException(tool + " did not answer within " + timeout.toMillis() + " ms");
        if (!result.succeeded()) throw new IllegalStateException(tool + " -version exited with " + result.exitCode());
        return ToolVersions.parse(result.stdout());
    }
}
