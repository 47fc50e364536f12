package io.mediaopt.video;

import io.mediaopt.media.MediaException;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.Attempt;
import io.mediaopt.media.VideoSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;

/**
 * Runs one strategy's ffmpeg command on an upload and says what it left: an output with its
 * length and size, a failure, or a run past its time. Nothing of a failed or killed run stays
 * in the work directory.
 */
final class VideoEncoder {
    private static final Logger log = LoggerFactory.getLogger(VideoEncoder.class);

    private final VideoTools tools;
    private final long maxPixels;

    VideoEncoder(VideoTools tools, long maxPixels) {
        this.tools = tools;
        this.maxPixels = maxPixels;
    }

    /**
     * One strategy; a failed or killed run leaves no file behind. The output's length and picture
     * size are read from it by ffprobe, as a player would see them.
     */
    Attempt<VideoEncoding> encode(Path input, Strategy strategy, VideoSettings settings, SourcePicture picture,
                                  Path workDir, Duration timeout, Ffprobe ffprobe, EncodeProgress progress) {
        Path output = workDir.resolve(strategy.wireName() + "." + strategy.output().extension());
        int threads = Runtime.getRuntime().availableProcessors();
        List<String> command = FfmpegArguments.encode(tools.ffmpeg(), input, output, strategy, settings,
                maxPixels, threads, picture);
        if (log.isDebugEnabled()) log.debug("ffmpeg command for {}: {}", strategy.wireName(), FfmpegArguments.commandLine(command));
        ProcessResult run = runFfmpeg(command, timeout, output, progress);
        if (run.timedOut()) {
            log.warn("ffmpeg {} killed after {} ms; stderr tail:\n{}",
                    strategy.wireName(), run.elapsed().toMillis(), run.stderrTail().strip());
            deleteFile(output);
            return new Attempt.TimedOut<>();
        }
        if (!run.succeeded()) {
            log.warn("ffmpeg {} exited with {} after {} ms; stderr tail:\n{}",
                    strategy.wireName(), run.exitCode(), run.elapsed().toMillis(), run.stderrTail().strip());
            deleteFile(output);
            return failure(run);
        }
        Optional<FfmpegProgress> report = run.stdoutTruncated() ? Optional.empty() : FfmpegProgress.parse(run.stdout());
        if (report.isEmpty() || report.get().frames() > 0) return probed(strategy, settings.crf(), output, ffprobe);
        log.warn("ffmpeg {} wrote no video frame; stderr tail:\n{}", strategy.wireName(), run.stderrTail().strip());
        deleteFile(output);
        return failure(run);
    }

    /** A run that left nothing: the input's fault when ffmpeg's reader says so, else the encoder's. */
    private static Attempt<VideoEncoding> failure(ProcessResult run) {
        return InputDamage.reportedIn(run.stderrTail()) ? new Attempt.Unreadable<>() : new Attempt.Failed<>();
    }

    static Attempt<VideoEncoding> probed(Strategy strategy, int crf, Path output, Ffprobe ffprobe) {
        try {
            ProbeReport probe = ffprobe.probe(output);
            ProbedStream out = probe.video()
                    .orElseThrow(() -> new IllegalStateException("the output has no video stream"));
            FrameSize size = new FrameSize(out.displayWidth(), out.displayHeight());
            return new Attempt.Encoded<>(new VideoEncoding(strategy, crf, output, size, probe.duration().orElse(null),
                    sizeOf(output)));
        } catch (MediaException | IllegalStateException e) {
            log.warn("ffmpeg {} wrote an output that does not probe: {}", strategy.wireName(), e.getMessage());
            deleteFile(output);
            return new Attempt.Failed<>();
        }
    }

    private ProcessResult runFfmpeg(List<String> command, Duration timeout, Path output, EncodeProgress progress) {
        try {
            return tools.runner().run(command, timeout, progress);
        } catch (IOException e) {
            throw new UncheckedIOException("ffmpeg could not be started", e);
        } catch (InterruptedException e) {
            deleteFile(output);
            Thread.currentThread().interrupt();
            throw new CancellationException("Encoding the video was interrupted");
        }
    }

    static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteFile(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            log.warn("could not delete {}", file, e);
        }
    }
}
