package io.mediaopt.renditions;

import io.mediaopt.media.MediaException;
import io.mediaopt.video.FfmpegArguments;
import io.mediaopt.video.ProcessResult;
import io.mediaopt.video.VideoTools;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/** Runs one ffmpeg command of a rendition; any failure is the job's encode-failed, the details in the log. */
final class FfmpegRun {
    private static final Logger log = LoggerFactory.getLogger(FfmpegRun.class);

    private FfmpegRun() {}

    /** {@code what}: the rendition, as the failure's message names it ("The poster could not be made"). */
    static void run(VideoTools tools, List<String> command, Duration timeout, String what) {
        output(tools, command, timeout, what);
    }

    /** {@link #run}, and what the command wrote (ffprobe's report). */
    static String output(VideoTools tools, List<String> command, Duration timeout, String what) {
        String message = "The " + what + " could not be made";
        ProcessResult result;
        try {
            result = tools.runner().run(command, timeout);
        } catch (IOException e) {
            throw MediaException.encodeFailed(message, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw MediaException.encodeFailed(message, e);
        }
        if (!result.succeeded()) {
            log.warn("{} failed (exit {}{}): {} {}", what, result.exitCode(), result.timedOut() ? ", timed out" : "",
                    FfmpegArguments.commandLine(command), result.stderrTail());
            throw MediaException.encodeFailed(message, null);
        }
        return result.stdout();
    }
}
