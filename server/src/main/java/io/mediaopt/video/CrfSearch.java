package io.mediaopt.video;

import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoQuality;
import io.mediaopt.media.VideoSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CancellationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chooses a video's CRF before its encode: {@value #SAMPLE_FRAMES} frames from each of
 * {@value #SAMPLES} places spread over the video (from the keyframe at or before each) are
 * scaled and converted as the real encode does and kept as raw frames, the reference, which is
 * encoded with the real encode's codec settings at candidate CRFs; each sample's mean SSIM is
 * measured against the reference. The answer is the highest candidate
 * whose worst sample keeps the preset's target; the preset's own CRF is the floor, and the answer
 * whenever the search cannot tell (a failed or late sample run: the video is still encoded).
 *
 * <p>Cost: candidates go {@value #STEP} CRF apart from the preset's minimum to its maximum and
 * are bisected, two sample runs for the presets' four rungs; each run encodes
 * {@value #SAMPLES}&times;{@value #SAMPLE_FRAMES} frames into a pipe, and a second ffmpeg
 * decodes them from it to measure while the encode goes on (on a slide, whose encodes are
 * short, that took a rung from ~0.3 to ~0.23 s); the source is decoded once, for the reference.
 * The cost is nearly the same whatever the video's length (2.3 s at 1080p, 0.6 to 2.4 s at 720p
 * on 2 idle cores, where a 30 s clip's encode takes 2.3 to 25 s), so videos shorter than
 * {@value #MIN_DURATION_SEC} s are not searched: the search would cost them more than 30 % of
 * their encode (docs/quality.md, "CRF per video").
 */
final class CrfSearch {
    private static final Logger log = LoggerFactory.getLogger(CrfSearch.class);

    static final double MIN_DURATION_SEC = 30.0;
    static final int SAMPLES = 3;
    static final int SAMPLE_FRAMES = 12;
    static final int STEP = 2;
    /**
     * Largest output picture searched, twice 1080p: its reference of raw frames stays under
     * 225 MB of disk. A narrow, very tall upload fitted to the preset's width could otherwise make
     * it gigabytes (1920 x 52 000 pixels passes the input pixel limit).
     */
    static final long MAX_PICTURE_PIXELS = 2L * 1920 * 1080;
    private static final Pattern FRAME_SSIM = Pattern.compile("^n:(\\d+) .*All:([0-9.]+)");

    private final VideoTools tools;
    private final long maxPixels;

    CrfSearch(VideoTools tools, long maxPixels) {
        this.tools = tools;
        this.maxPixels = maxPixels;
    }

    /**
     * Whether a video of this length and picture, encoded at {@code output} (empty when the
     * probe gave no size), is searched for {@code strategy}.
     */
    static boolean searches(VideoSettings settings, Strategy strategy, SourcePicture picture, double durationSec,
                            Optional<FrameSize> output) {
        VideoQuality quality = settings.quality();
        return quality != null && quality.maxCrf() > quality.minCrf() && durationSec >= MIN_DURATION_SEC
                // the flattening filter graph names its pads, which several sample chains cannot share
                && !picture.flattensAlpha(strategy)
                && output.filter(size -> (long) size.width() * size.height() <= MAX_PICTURE_PIXELS).isPresent();
    }

    /**
     * Sample places spread over the video. Each sample starts at the source's keyframe at or
     * before its place, so with keyframes far apart (8 s is x264's default at 30 fps) the samples
     * move towards the start; with a single keyframe all three are the video's first frames.
     */
    static List<Double> starts(double durationSec) {
        List<Double> starts = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) starts.add(durationSec * (2 * i + 1) / (2.0 * SAMPLES));
        return starts;
    }

    /**
     * The CRF to encode at: the search's answer, or the preset's CRF when the search cannot tell.
     * For a video {@link #searches} accepts.
     */
    int choose(Path input, Strategy strategy, VideoSettings settings, SourcePicture picture, double durationSec,
               Path workDir, long deadline) {
        long began = System.nanoTime();
        Path reference = workDir.resolve("crf-reference.mkv");
        try {
            List<ProcessResult> runs = run(List.of(FfmpegArguments.sampleReference(tools.ffmpeg(), input, reference,
                    strategy, settings, maxPixels, threads(), picture, starts(durationSec), SAMPLE_FRAMES)), deadline);
            ProcessResult made = runs == null ? null : runs.getFirst();
            if (made == null || !made.succeeded()) {
                log.warn("CRF search reference failed, encoding at the preset's CRF: {}", describe(made));
                return settings.crf();
            }
            int chosen = bisect(reference, strategy, settings, picture, deadline);
            log.debug("CRF search chose {} in {} ms", chosen, (System.nanoTime() - began) / 1_000_000);
            return chosen;
        } finally {
            VideoEncoder.deleteFile(reference);
        }
    }

    /** The highest rung whose worst sample meets the target; the preset's CRF when a sample fails. */
    private int bisect(Path reference, Strategy strategy, VideoSettings settings, SourcePicture picture,
                       long deadline) {
        VideoQuality quality = settings.quality();
        int low = 0;
        int high = (quality.maxCrf() - quality.minCrf()) / STEP;
        while (low < high) {
            int mid = (low + high + 1) / 2;
            int crf = quality.minCrf() + mid * STEP;
            OptionalDouble worst = worstSample(reference, strategy, settings.withCrf(crf), picture, deadline);
            if (worst.isEmpty()) return settings.crf();
            log.debug("CRF {} worst sample SSIM {}", crf, worst.getAsDouble());
            if (worst.getAsDouble() >= quality.ssimTarget()) low = mid;
            else high = mid - 1;
        }
        return quality.minCrf() + low * STEP;
    }

    /** The lowest of the samples' mean SSIMs at {@code settings.crf()}, or empty when a run failed. */
    OptionalDouble worstSample(Path reference, Strategy strategy, VideoSettings settings, SourcePicture picture,
                               long deadline) {
        List<ProcessResult> runs = run(List.of(
                FfmpegArguments.sampleEncode(tools.ffmpeg(), reference, strategy, settings, maxPixels, threads(), picture),
                FfmpegArguments.sampleSsim(tools.ffmpeg(), reference, maxPixels, threads())), deadline);
        ProcessResult encoded = runs == null ? null : runs.getFirst();
        ProcessResult measured = runs == null ? null : runs.getLast();
        if (encoded == null || !encoded.succeeded()) {
            log.warn("CRF sample encode at {} failed, encoding at the preset's CRF: {}", settings.crf(),
                    describe(encoded));
            return OptionalDouble.empty();
        }
        if (!measured.succeeded() || measured.stdoutTruncated()) {
            log.warn("CRF sample measure at {} failed, encoding at the preset's CRF: {}", settings.crf(),
                    describe(measured));
            return OptionalDouble.empty();
        }
        return worst(measured.stdout(), SAMPLE_FRAMES);
    }

    /** Both the reference (made once) and the sample runs are given every processor. */
    private static int threads() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * The lowest mean SSIM of the groups of {@code frames} consecutive frames in the ssim filter's
     * per-frame lines; empty when there is none.
     */
    static OptionalDouble worst(String stats, int frames) {
        List<double[]> sums = new ArrayList<>();
        for (String line : stats.split("\n")) {
            Matcher m = FRAME_SSIM.matcher(line.strip());
            if (!m.find()) continue;
            int group = (Integer.parseInt(m.group(1)) - 1) / frames;
            while (sums.size() <= group) sums.add(new double[2]);
            sums.get(group)[0] += Double.parseDouble(m.group(2));
            sums.get(group)[1]++;
        }
        return sums.stream().filter(s -> s[1] > 0).mapToDouble(s -> s[0] / s[1]).min();
    }

    private static String describe(ProcessResult run) {
        return run == null ? "not run (no time left or ffmpeg could not start)"
                : "exit " + run.exitCode() + (run.timedOut() ? " (timed out)" : "") + "; stderr tail:\n"
                + run.stderrTail().strip();
    }

    /**
     * The runs of {@code commands}, a pipeline when there are several; null when there was no
     * time left or ffmpeg could not start. What a run leaves on an interruption, {@link #choose}
     * removes (only the reference is a file).
     */
    private List<ProcessResult> run(List<List<String>> commands, long deadline) {
        Duration left = Duration.ofNanos(deadline - System.nanoTime());
        if (!left.isPositive()) return null;
        if (log.isDebugEnabled()) {
            commands.forEach(command -> log.debug("ffmpeg CRF search command: {}", FfmpegArguments.commandLine(command)));
        }
        try {
            return tools.runner().runPipeline(commands, left);
        } catch (IOException e) {
            log.warn("ffmpeg could not be started for a CRF sample", e);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Encoding the video was interrupted");
        }
    }
}
