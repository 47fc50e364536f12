package io.mediaopt.video;

import io.mediaopt.quality.LinearRgb;
import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.concurrent.CancellationException;

/**
 * Scores encodes of one video against its source by two judges on the same few frames: the
 * first frame at or after each of {@link CrfSearch#starts} (each read at most
 * {@link FfmpegArguments#SAMPLE_READ_SEC} from its place), from the source and from every encode,
 * scaled to the encode's size and converted to 8-bit sRGB by the same filter. ffmpeg's ssim
 * filter gives the mean SSIM of the frames, {@link Ssimulacra2} their mean SSIMULACRA 2 score.
 * Three frames, not a whole decode: at 1080p each frame is 6 MB of raw file, and the cost is
 * a few seeks and decodes from the keyframe before each place, whatever the video's length.
 */
public final class FrameJudge {
    /** The figures of one encode against the source. */
    public record Scores(double ssim, double ssimulacra2) {
        /** Whether this is worse than {@code other} by either judge. */
        public boolean worseThan(Scores other) {
            return ssim < other.ssim || ssimulacra2 < other.ssimulacra2;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "SSIM %.4f, SSIMULACRA 2 %.2f", ssim, ssimulacra2);
        }
    }

    private final VideoTools tools;
    private final long maxPixels;
    private final Duration timeout;

    /** Each ffmpeg run gets {@code timeout}, the video time limit. */
    public FrameJudge(VideoTools tools, long maxPixels, Duration timeout) {
        this.tools = tools;
        this.maxPixels = maxPixels;
        this.timeout = timeout;
    }

    /**
     * The scores of each of {@code encodes} (all {@code width} x {@code height}) against
     * {@code source}, in their order; raw frames go to {@code workDir} and are removed.
     */
    public List<Scores> score(Path source, List<Path> encodes, int width, int height, double durationSec,
                              Path workDir) throws IOException {
        List<Double> starts = CrfSearch.starts(durationSec);
        Path reference = workDir.resolve("judge-source.rgb");
        List<Path> made = new ArrayList<>(List.of(reference));
        try {
            extract(source, starts, width, height, reference);
            List<Scores> scores = new ArrayList<>();
            for (int i = 0; i < encodes.size(); i++) {
                Path frames = workDir.resolve("judge-" + i + ".rgb");
                made.add(frames);
                extract(encodes.get(i), starts, width, height, frames);
                scores.add(new Scores(ssim(reference, frames, width, height, starts.size()),
                        ssimulacra2(reference, frames, width, height)));
            }
            return List.copyOf(scores);
        } finally {
            for (Path file : made) Files.deleteIfExists(file);
        }
    }

    private void extract(Path video, List<Double> starts, int width, int height, Path output) throws IOException {
        run(FrameJudgeArguments.frames(tools.ffmpeg(), video, starts, width, height, maxPixels, output), "sample frames of " + video.getFileName());
        long frame = 3L * width * height;
        if (Files.size(output) != frame * starts.size()) {
            throw new IOException("sampled " + Files.size(output) / frame + " of " + starts.size() + " frames of " + video.getFileName());
        }
    }

    private double ssim(Path reference, Path frames, int width, int height, int count) throws IOException {
        ProcessResult result = run(FrameJudgeArguments.ssim(tools.ffmpeg(), reference, frames, width, height), "SSIM");
        OptionalDouble mean = CrfSearch.worst(result.stdout(), count);
        if (mean.isEmpty()) throw new IOException("ffmpeg's ssim filter gave no figure");
        return mean.getAsDouble();
    }

    /** One frame pair at a time, so memory holds two frames' planes. */
    private static double ssimulacra2(Path reference, Path frames, int width, int height) throws IOException {
        byte[] original = Files.readAllBytes(reference);
        byte[] distorted = Files.readAllBytes(frames);
        int frame = 3 * width * height;
        double sum = 0;
        int count = original.length / frame;
        for (int i = 0; i < count; i++) {
            sum += Ssimulacra2.score(
                    LinearRgb.fromSrgb8(Arrays.copyOfRange(original, i * frame, (i + 1) * frame), width, height, 3),
                    LinearRgb.fromSrgb8(Arrays.copyOfRange(distorted, i * frame, (i + 1) * frame), width, height, 3));
        }
        return sum / count;
    }

    private ProcessResult run(List<String> command, String what) throws IOException {
        try {
            ProcessResult result = tools.runner().run(command, timeout);
            if (!result.succeeded() || result.stdoutTruncated()) {
                throw new IOException("ffmpeg could not " + what + ": exit " + result.exitCode()
                        + (result.timedOut() ? " (timed out)" : "") + "; " + result.stderrTail().strip());
            }
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Judging the video was interrupted");
        }
    }
}
