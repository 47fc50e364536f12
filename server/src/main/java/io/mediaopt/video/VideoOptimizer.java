package io.mediaopt.video;

import io.mediaopt.media.Attempt;
import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.FirstSmaller;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Preset;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Progress;
import io.mediaopt.media.QueueDeadline;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.TrailingData;
import io.mediaopt.media.VideoSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Semaphore;

/**
 * Optimizes videos with ffprobe and ffmpeg: probe, check the limits from the header, then try
 * the preset's strategies in order within one time budget (SERVICE_VIDEO_TIMEOUT_MS); when an
 * encoder is free the first strategy runs while the probe does, and dies if the probe refuses
 * the file ({@link VideoEncoder} runs each strategy). With SERVICE_VIDEO_QUALITY=auto a video
 * long enough is first searched for its CRF ({@link CrfSearch}) within the same budget; then the
 * encode started beside the probe gives way, as it does for a picture that needs other filters. Messages of the exceptions reach API
 * users, so they name no paths and no ffmpeg output; the log does.
 */
public final class VideoOptimizer implements Optimizer {
    private static final String ENCODE_FAILED = "The video could not be encoded";
    private static final double LOST_SECONDS_TOLERATED = 1.0;
    private static final double LOST_SHARE_TOLERATED = 0.10;

    private final VideoTools tools;
    private final Limits limits;
    private final VideoEncoder encoder;
    private final Semaphore encoders;
    private final CrfSearch crfSearch;

    /** Every video at its preset's CRF. */
    public VideoOptimizer(VideoTools tools, Limits limits, int encodesAtOnce) {
        this(tools, limits, encodesAtOnce, VideoQualityMode.FIXED);
    }

    /**
     * {@code encodesAtOnce}: how many ffmpeg encodes may run at once (SERVICE_VIDEO_ENCODES);
     * {@code quality}: whether each video's CRF is searched for (SERVICE_VIDEO_QUALITY).
     */
    public VideoOptimizer(VideoTools tools, Limits limits, int encodesAtOnce, VideoQualityMode quality) {
        this.tools = tools;
        this.limits = limits;
        this.encoder = new VideoEncoder(tools, limits.maxInputPixels());
        this.encoders = new Semaphore(encodesAtOnce, true);
        this.crfSearch = quality == VideoQualityMode.AUTO ? new CrfSearch(tools, limits.maxInputPixels()) : null;
    }

    @Override
    public Optimized optimize(Path input, MediaFormat sniffed, Preset preset, Path workDir, Progress progress,
                              QueueDeadline queueDeadline) {
        Ffprobe ffprobe = new Ffprobe(tools, limits.ffprobeTimeout());
        VideoSettings settings = preset.video();
        EncodeProgress encodeProgress = new EncodeProgress(progress);
        if (encoders.tryAcquire()) {
            try {
                return probeWhileEncoding(input, sniffed, settings, workDir, ffprobe, encodeProgress);
            } finally {
                encoders.release();
            }
        }
        // every encoder is busy: what the probe refuses is refused before the wait, and the wait
        // does not count against the video's time limit (a synchronous request's counts against
        // its queue deadline)
        ProbeReport source = probe(input, ffprobe, encodeProgress);
        queueDeadline.acquire(encoders);
        try {
            return tryStrategies(input, sniffed, source, settings, workDir, ffprobe, deadlineFromNow(), null,
                    encodeProgress);
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
    private Optimized probeWhileEncoding(Path input, MediaFormat sniffed, VideoSettings settings, Path workDir,
                                         Ffprobe ffprobe, EncodeProgress progress) {
        long deadline = deadlineFromNow();
        Strategy first = settings.strategies().getFirst();
        BackgroundTask<Attempt<VideoEncoding>> head = BackgroundTask.start("video-encode",
                () -> attempt(input, first, settings, SourcePicture.UNPROBED, workDir, deadline, ffprobe, progress));
        try {
            ProbeReport source = probe(input, ffprobe, progress);
            if (!SourcePicture.of(source.video().orElseThrow()).equals(SourcePicture.UNPROBED)
                    || searched(source, settings, first, SourcePicture.UNPROBED)) {
                // the restart writes to the same file: the first run must be gone before it starts
                head.stop().ifPresent(VideoEncoding::deleteOutputOf);
                head = null;
            }
            return tryStrategies(input, sniffed, source, settings, workDir, ffprobe, deadline, head, progress);
        } finally {
            // a no-op once the attempt was taken; otherwise the encoder dies and its output goes
            if (head != null) head.stop().ifPresent(VideoEncoding::deleteOutputOf);
        }
    }

    /** The probe of the input, once it has a video stream within the limits; its length measures progress. */
    private ProbeReport probe(Path input, Ffprobe ffprobe, EncodeProgress progress) {
        ProbeReport source = ffprobe.probe(input);
        if (source.video().isEmpty()) throw MediaException.unsupportedType("The file has no video stream");
        checkLimits(source);
        source.duration().ifPresent(progress::durationKnown);
        return source;
    }

    /** Whether the CRF of {@code strategy} is searched for on this video. */
    private boolean searched(ProbeReport source, VideoSettings settings, Strategy strategy, SourcePicture picture) {
        return crfSearch != null && CrfSearch.searches(settings, strategy, picture, source.duration().orElse(0.0),
                source.video().flatMap(video -> FrameSize.fit(video, settings.maxWidth())));
    }

    private long deadlineFromNow() {
        return System.nanoTime() + limits.videoTimeout().toNanos();
    }

    /** AV1 asked for a picture SVT-AV1 cannot encode is said as such, before any encode. */
    private static void refuseAv1TooSmall(Strategy first, ProbedStream video, VideoSettings settings) {
        if (first != Strategy.VIDEO_MP4_AV1) return;
        FrameSize size = FrameSize.fit(video, settings.maxWidth()).orElse(null);
        if (size != null && Math.min(size.width(), size.height()) < Av1Settings.MIN_SIDE) {
            throw MediaException.encodeFailed(Av1Settings.TOO_SMALL + "; this video comes out " + size.width() + "×"
                    + size.height() + ". Ask for format=mp4 instead", null);
        }
    }

    /**
     * Tries the preset's strategies in order until {@code deadline}, keeping the first smaller
     * output ({@link FirstSmaller}); {@code head}, when given, is the first one already under way.
     */
    private Optimized tryStrategies(Path input, MediaFormat sniffed, ProbeReport source, VideoSettings settings,
                                    Path workDir, Ffprobe ffprobe, long deadline,
                                    BackgroundTask<Attempt<VideoEncoding>> head, EncodeProgress progress) {
        ProbedStream video = source.video().orElseThrow();
        SourcePicture picture = SourcePicture.of(video);
        Strategy first = settings.strategies().getFirst();
        refuseAv1TooSmall(first, video, settings);
        // every encoding that came out larger than the input is a fallback only; the first is kept
        FirstSmaller<Strategy, VideoEncoding> rule = FirstSmaller.keepingFirstLarger(strategy -> {
            Attempt<VideoEncoding> attempt = head != null && strategy == first
                    ? head.await()
                    : attempt(input, strategy, tuned(input, source, settings, strategy, picture, workDir, deadline),
                            picture, workDir, deadline, ffprobe, progress);
            if (attempt instanceof Attempt.Encoded<VideoEncoding>(VideoEncoding encoded)
                    && endsEarly(source, encoded.durationSec())) {
                encoded.delete();
                throw MediaException.unreadable(String.format(Locale.ROOT,
                        "The video ends early: only %.1f of its %.1f s could be read (truncated or corrupt)",
                        encoded.durationSec(), source.duration().orElse(0.0)), null);
            }
            return attempt;
        }, VideoEncoding::bytes, VideoEncoding::delete);
        return switch (rule.tryInOrder(settings.strategies(), VideoEncoder.sizeOf(input))) {
            case FirstSmaller.Outcome.Smaller<VideoEncoding>(VideoEncoding encoded) ->
                    result(encoded, video, source, picture);
            case FirstSmaller.Outcome.Larger<VideoEncoding>(Optional<VideoEncoding> kept, boolean _) -> {
                VideoEncoding larger = kept.orElseThrow();
                try {
                    yield fallback(larger, input, sniffed, source, picture, settings, workDir, deadline, ffprobe,
                            progress);
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

    /** The settings with the CRF the search chose for this video and strategy, or as they are. */
    private VideoSettings tuned(Path input, ProbeReport source, VideoSettings settings, Strategy strategy,
                                SourcePicture picture, Path workDir, long deadline) {
        if (!searched(source, settings, strategy, picture)) return settings;
        return settings.withCrf(crfSearch.choose(input, strategy, settings, picture, source.duration().orElseThrow(),
                workDir, deadline));
    }

    /** One strategy with the time left before {@code deadline}. */
    private Attempt<VideoEncoding> attempt(Path input, Strategy strategy, VideoSettings settings,
                                           SourcePicture picture, Path workDir, long deadline, Ffprobe ffprobe,
                                           EncodeProgress progress) {
        Duration left = Duration.ofNanos(deadline - System.nanoTime());
        return left.isPositive()
                ? encoder.encode(input, strategy, settings, picture, workDir, left, ffprobe, progress)
                : new Attempt.TimedOut<>();
    }

    /** Pixels are checked on every video stream: probing already decodes a frame of each. */
    private void checkLimits(ProbeReport source) {
        for (ProbedStream stream : source.streams()) {
            if (stream.isVideo() && stream.pixels() > limits.maxInputPixels()) {
                throw MediaException.limitExceeded(String.format(Locale.ROOT,
                        "The video is %dx%d pixels, over the limit of %d pixels per frame",
                        stream.width(), stream.height(), limits.maxInputPixels()));
            }
        }
        double duration = source.duration().orElse(0.0);
        if (duration > limits.maxVideoDurationSec()) {
            throw MediaException.limitExceeded(String.format(Locale.ROOT,
                    "The video lasts %.1f s, over the limit of %d s", duration, limits.maxVideoDurationSec()));
        }
    }

    /**
     * ffmpeg encodes what it can read and exits happily when a file stops short of what its
     * index promises (an upload cut off after a fast-start index). An output that lost more than
     * a second and a tenth of the input's stated duration says the input is truncated or corrupt.
     */
    private static boolean endsEarly(ProbeReport source, Double encodedSec) {
        double stated = source.duration().orElse(0.0);
        return encodedSec != null && stated > 0
                && stated - encodedSec > Math.max(LOST_SECONDS_TOLERATED, stated * LOST_SHARE_TOLERATED);
    }

    /**
     * No encoding was smaller: the input itself when the preset could deliver it as is, and its
     * colour needs no conversion (an 8-bit HDR file would play washed out); otherwise the
     * preset's format is encoded again within the input's size when it can be
     * ({@link InputSizeBudget}), and a result still larger says why.
     */
    private Optimized fallback(VideoEncoding larger, Path input, MediaFormat sniffed, ProbeReport source,
                               SourcePicture picture, VideoSettings settings, Path workDir, long deadline,
                               Ffprobe ffprobe, EncodeProgress progress) {
        ProbedStream video = source.video().orElseThrow();
        Optional<String> refusal = picture.color().kind() != ColorConversion.Kind.NONE
                ? Optional.of("its colour must be converted for SDR screens")
                // nothing may follow the video in the file: a polyglot's second face must not come back
                : !TrailingData.isAbsent(input, sniffed) ? Optional.of("other data follows the video in the file")
                : OriginalVideo.refusal(sniffed, source, settings);
        if (refusal.isPresent()) {
            long inputBytes = VideoEncoder.sizeOf(input);
            VideoSettings atCrf = settings.withCrf(larger.crf());
            InputSizeBudget.Outcome fitted = InputSizeBudget.fit(inputBytes, larger, settings,
                    source.audio().isPresent(), cap -> attempt(input, larger.strategy(), atCrf.withMaxBitrate(cap),
                            picture, workDir, deadline, ffprobe, progress));
            Optimized out = result(fitted.output(), video, source, picture);
            return fitted.output().bytes() < inputBytes ? out : out.withLargerReason(String.format(Locale.ROOT,
                    "The input cannot be returned as it is (%s), and its %s encoding at the preset's quality came out"
                            + " larger%s", refusal.get(), larger.strategy().wireName(), fitted.tried()
                            ? ", even with its bitrate held to the input's" : " (no lower bitrate could be tried)"));
        }
        larger.delete();
        Double duration = source.duration().orElse(null);
        return new Optimized(input, Strategy.VIDEO_ORIGINAL, sniffed,
                video.displayWidth(), video.displayHeight(), video.displayWidth(), video.displayHeight(),
                duration, duration, null, null, false);
    }

    private static Optimized result(VideoEncoding encoded, ProbedStream video, ProbeReport source,
                                    SourcePicture picture) {
        Strategy strategy = encoded.strategy();
        return new Optimized(encoded.output(), strategy, strategy.output(),
                video.displayWidth(), video.displayHeight(), encoded.size().width(), encoded.size().height(),
                source.duration().orElse(null), encoded.durationSec(), null, null, encoded.crf(),
                picture.flattensAlpha(strategy));
    }

    private static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
