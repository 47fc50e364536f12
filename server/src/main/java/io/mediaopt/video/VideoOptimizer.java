package io.mediaopt.video;

import io.mediaopt.media.Attempt;
import io.mediaopt.media.FirstSmaller;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Preset;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Progress;
import io.mediaopt.media.QueueDeadline;
import io.mediaopt.media.SharedInput;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.TrailingData;
import io.mediaopt.media.VideoSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Semaphore;

/**
 * Optimizes videos with ffprobe and ffmpeg, as named steps over one {@link VideoRun}, read from
 * top to bottom: probe, admit (the limits from the header), choose the quality, encode, judge
 * the encode, keep the first smaller output, fall back to the original; the preset's strategies
 * are tried in order within one time budget (SERVICE_VIDEO_TIMEOUT_MS). When an encoder is free
 * the first strategy runs while the probe does, and dies if the probe refuses the file
 * ({@link VideoEncoder} runs each strategy). With SERVICE_VIDEO_QUALITY=auto a video long enough
 * is first searched for its CRF ({@link CrfSearch}) within the same budget; then the encode
 * started beside the probe gives way, as it does for a picture that needs other filters.
 * Messages of the exceptions reach API users, so they name no paths and no ffmpeg output; the
 * log does.
 */
public final class VideoOptimizer implements Optimizer {
    private static final String ENCODE_FAILED = "The video could not be encoded";
    private static final double LOST_SECONDS_TOLERATED = 1.0;
    private static final double LOST_SHARE_TOLERATED = 0.10;

    private final VideoTools tools;
    private final Limits limits;
    private final Semaphore encoders;
    private final CrfSearch crfSearch;
    private final WholeOrChunked encodes;

    /** Every video at its preset's CRF. */
    public VideoOptimizer(VideoTools tools, Limits limits, int encodesAtOnce) {
        this(tools, limits, encodesAtOnce, VideoQualityMode.FIXED);
    }

    /**
     * {@code encodesAtOnce}: how many ffmpeg encodes may run at once (SERVICE_VIDEO_ENCODES);
     * {@code quality}: whether each video's CRF is searched for (SERVICE_VIDEO_QUALITY).
     */
    public VideoOptimizer(VideoTools tools, Limits limits, int encodesAtOnce, VideoQualityMode quality) {
        this(tools, limits, new Semaphore(encodesAtOnce, true), quality, ChunkedVideo.off());
    }

    /**
     * {@code encoders}: the node's ffmpeg encodes (SERVICE_VIDEO_ENCODES), shared with
     * {@code chunked}, which encodes long videos of queued jobs in chunks when its settings say so.
     */
    public VideoOptimizer(VideoTools tools, Limits limits, Semaphore encoders, VideoQualityMode quality,
                          ChunkedVideo chunked) {
        this.tools = tools;
        this.limits = limits;
        this.encoders = encoders;
        this.crfSearch = quality == VideoQualityMode.AUTO ? new CrfSearch(tools, limits.maxInputPixels()) : null;
        this.encodes = new WholeOrChunked(new VideoEncoder(tools, limits.maxInputPixels()), encoders, chunked);
    }

    /**
     * The steps, in order: {@link #probe}, {@link #admit}, {@link #chooseQuality},
     * {@link #encode}, {@link #judge}, {@link #keepTheFirstSmaller} and, when every encoding came
     * out larger, {@link #fallBack} to the original. When an encoder is free the first strategy's
     * encode runs beside the probe ({@link #probeBesideTheFirstEncode}).
     */
    @Override
    public Optimized optimize(Path input, MediaFormat sniffed, Preset preset, Path workDir, Progress progress,
                              QueueDeadline queueDeadline) {
        return optimize(input, sniffed, preset, workDir, progress, queueDeadline, Optional.empty());
    }

    /** As above; a long video of a {@code shared} input may be encoded in chunks by every node ({@link ChunkedVideo}). */
    @Override
    public Optimized optimize(Path input, MediaFormat sniffed, Preset preset, Path workDir, Progress progress,
                              QueueDeadline queueDeadline, Optional<SharedInput> shared) {
        VideoRun run = new VideoRun(input, sniffed, preset.video(), workDir, new Ffprobe(tools, limits.ffprobeTimeout()),
                new EncodeProgress(progress), System.nanoTime() + limits.videoTimeout().toNanos(), shared);
        if (encoders.tryAcquire()) {
            try {
                return probeBesideTheFirstEncode(run);
            } finally {
                encoders.release();
            }
        }
        // every encoder is busy: what the probe refuses is refused before the wait, and the wait
        // does not count against the video's time limit (a synchronous request's counts against
        // its queue deadline)
        ProbedVideo probed = admit(run, probe(run));
        queueDeadline.acquire(encoders);
        try {
            return keepTheFirstSmaller(run.restarted(limits.videoTimeout()), probed, Optional.empty());
        } finally {
            encoders.release();
        }
    }

    /**
     * The first strategy starts at once and the input is probed beside it: starting ffprobe
     * alone takes ~0.1 s (loading ffmpeg's libraries), 15 % of a 2 s clip's encode. The encoder
     * is safe to start unprobed (locked down, its decoder bounded by the pixel limit) and is
     * killed when the probe refuses the file.
     *
     * <p>It starts as if the picture were progressive SDR without alpha, by far the most common
     * upload. When the probe says otherwise (HDR to tone-map, wide gamut, alpha, interlaced) it
     * is killed and started again with the right filters: such a file loses only the probe's
     * time (ffprobe answered in 0.21 s on the 2 s 720p HLG clip of the tests, whose tone-mapped
     * H.264 encode took 4.9 s, on 2 busy cores), where waiting for the probe before every encode
     * would cost that on every file, and reading the tags from the container ourselves would
     * mean parsing MP4, Matroska, MPEG-TS and HEVC's VUI.
     */
    private Optimized probeBesideTheFirstEncode(VideoRun run) {
        Strategy first = run.firstStrategy();
        BackgroundTask<Attempt<VideoEncoding>> head = BackgroundTask.start("video-encode",
                () -> encode(run, first, run.settings(), SourcePicture.UNPROBED, null));
        try {
            ProbedVideo probed = admit(run, probe(run));
            if (!probed.picture().equals(SourcePicture.UNPROBED) || searched(run, probed, first)
                    || encodes.inChunks(run, probed, first)) {
                // the restart writes to the same file: the first run must be gone before it starts
                head.stop().ifPresent(VideoEncoding::deleteOutputOf);
                head = null;
            }
            return keepTheFirstSmaller(run, probed, Optional.ofNullable(head));
        } finally {
            // a no-op once the attempt was taken; otherwise the encoder dies and its output goes
            if (head != null) head.stop().ifPresent(VideoEncoding::deleteOutputOf);
        }
    }

    /** 1. The probe of the input, once it has a video stream. */
    private static ProbeReport probe(VideoRun run) {
        ProbeReport source = run.ffprobe().probe(run.input());
        if (source.video().isEmpty()) throw MediaException.unsupportedType("The file has no video stream");
        return source;
    }

    /** 2. The input within the limits, and its length known to measure progress by. */
    private ProbedVideo admit(VideoRun run, ProbeReport source) {
        VideoAdmission.check(source, limits);
        source.duration().ifPresent(run.progress()::durationKnown);
        ProbedVideo probed = ProbedVideo.of(source);
        VideoAdmission.refuseAv1TooSmall(run.firstStrategy(), probed.video(), run.settings());
        return probed;
    }

    /** 3. The settings with the CRF the search chose for this video and strategy, or as they are. */
    private VideoSettings chooseQuality(VideoRun run, ProbedVideo probed, Strategy strategy) {
        if (!searched(run, probed, strategy)) return run.settings();
        return run.settings().withCrf(crfSearch.choose(run.input(), strategy, run.settings(), probed.picture(),
                probed.source().duration().orElseThrow(), run.workDir(), run.deadline()));
    }

    /** Whether the CRF of {@code strategy} is searched for on this video. */
    private boolean searched(VideoRun run, ProbedVideo probed, Strategy strategy) {
        return crfSearch != null && CrfSearch.searches(run.settings(), strategy, probed.picture(), probed.durationSec(),
                FrameSize.fit(probed.video(), run.settings().maxWidth()));
    }

    /** 4. One strategy with the time left: in chunks when the video is long enough ({@link WholeOrChunked}). */
    private Attempt<VideoEncoding> encode(VideoRun run, Strategy strategy, VideoSettings settings,
                                          SourcePicture picture, ProbedVideo probed) {
        return encodes.encode(run, strategy, settings, picture, probed);
    }

    /**
     * 5. ffmpeg encodes what it can read and exits happily when a file stops short of what its
     * index promises (an upload cut off after a fast-start index). An output that lost more than
     * a second and a tenth of the input's stated duration says the input is truncated or corrupt.
     */
    private static Attempt<VideoEncoding> judge(ProbedVideo probed, Attempt<VideoEncoding> attempt) {
        if (attempt instanceof Attempt.Encoded<VideoEncoding>(VideoEncoding encoded)
                && encoded.durationSec() != null && probed.durationSec() > 0
                && probed.durationSec() - encoded.durationSec()
                        > Math.max(LOST_SECONDS_TOLERATED, probed.durationSec() * LOST_SHARE_TOLERATED)) {
            encoded.delete();
            throw MediaException.unreadable(String.format(Locale.ROOT,
                    "The video ends early: only %.1f of its %.1f s could be read (truncated or corrupt)",
                    encoded.durationSec(), probed.durationSec()), null);
        }
        return attempt;
    }

    /**
     * 6. The preset's strategies in order until the deadline, keeping the first smaller output
     * ({@link FirstSmaller}); {@code head}, when present, is the first one already under way.
     */
    private Optimized keepTheFirstSmaller(VideoRun run, ProbedVideo probed,
                                          Optional<BackgroundTask<Attempt<VideoEncoding>>> head) {
        // every encoding that came out larger than the input is a fallback only; the first is kept
        FirstSmaller<Strategy, VideoEncoding> rule = FirstSmaller.keepingFirstLarger(strategy -> judge(probed,
                head.isPresent() && strategy == run.firstStrategy()
                        ? head.get().await()
                        : encode(run, strategy, chooseQuality(run, probed, strategy), probed.picture(), probed)),
                VideoEncoding::bytes, VideoEncoding::delete);
        return switch (rule.tryInOrder(run.settings().strategies(), VideoEncoder.sizeOf(run.input()))) {
            case FirstSmaller.Outcome.Smaller<VideoEncoding>(VideoEncoding encoded) -> encoded(encoded, probed);
            case FirstSmaller.Outcome.Larger<VideoEncoding>(Optional<VideoEncoding> kept, boolean _) -> {
                VideoEncoding larger = kept.orElseThrow();
                try {
                    yield fallBack(run, probed, larger);
                } catch (RuntimeException e) {
                    larger.delete();
                    throw e;
                }
            }
            case FirstSmaller.Outcome.NoneEncoded<VideoEncoding>(boolean timedOut, Exception _) -> throw timedOut
                    ? MediaException.timeout("Encoding the video took longer than " + seconds(limits.videoTimeout()))
                    : MediaException.encodeFailed(ENCODE_FAILED, null);
            case FirstSmaller.Outcome.Unreadable<VideoEncoding> _ -> throw MediaException.unreadable(
                    "The video could not be read: it ends early or is corrupt (truncated upload?)", null);
        };
    }

    /**
     * 7. No encoding was smaller: the input itself when the preset could deliver it as is, and
     * its colour needs no conversion (an 8-bit HDR file would play washed out); otherwise the
     * preset's format is encoded again within the input's size when it can be
     * ({@link InputSizeBudget}), and a result still larger says why.
     */
    private Optimized fallBack(VideoRun run, ProbedVideo probed, VideoEncoding larger) {
        Optional<String> refusal = probed.picture().color().changesColour()
                ? Optional.of("its colour must be converted for SDR screens")
                // nothing may follow the video in the file: a polyglot's second face must not come back
                : !TrailingData.isAbsent(run.input(), run.sniffed()) ? Optional.of("other data follows the video in the file")
                : OriginalVideo.refusal(run.sniffed(), probed.source(), run.settings());
        if (refusal.isEmpty()) {
            larger.delete();
            return original(run, probed);
        }
        long inputBytes = VideoEncoder.sizeOf(run.input());
        VideoSettings atCrf = run.settings().withCrf(larger.crf());
        InputSizeBudget.Outcome fitted = InputSizeBudget.fit(inputBytes, larger, run.settings(),
                probed.source().audio().isPresent(),
                cap -> encode(run, larger.strategy(), atCrf.withMaxBitrate(cap), probed.picture(), probed));
        Optimized out = encoded(fitted.output(), probed);
        return fitted.output().bytes() < inputBytes ? out : out.withLargerReason(String.format(Locale.ROOT,
                "The input cannot be returned as it is (%s), and its %s encoding at the preset's quality came out"
                        + " larger%s", refusal.get(), larger.strategy().wireName(), fitted.tried()
                        ? ", even with its bitrate held to the input's" : " (no lower bitrate could be tried)"));
    }

    private static Optimized encoded(VideoEncoding encoded, ProbedVideo probed) {
        Strategy strategy = encoded.strategy();
        return Optimized.encodedVideo(encoded.output(), strategy, probed.video().displayWidth(),
                probed.video().displayHeight(), encoded.size().width(), encoded.size().height(),
                probed.source().duration().orElse(null), encoded.durationSec(), encoded.crf(),
                probed.picture().flattensAlpha(strategy));
    }

    private static Optimized original(VideoRun run, ProbedVideo probed) {
        ProbedStream video = probed.video();
        return Optimized.originalVideo(run.input(), run.sniffed(), video.displayWidth(), video.displayHeight(),
                probed.source().duration().orElse(null));
    }

    private static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
