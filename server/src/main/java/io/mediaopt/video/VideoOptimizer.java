package io.mediaopt.video;

import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Sniffed;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.TrailingData;
import io.mediaopt.media.VideoSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;

/**
 * Optimizes videos with ffprobe and ffmpeg: probe, check the limits from the header, then try
 * the preset's strategies in order within one time budget (SERVICE_VIDEO_TIMEOUT_MS); when an
 * encoder is free the first strategy runs while the probe does, and dies if the probe refuses
 * the file ({@link VideoEncoder} runs each strategy). Messages of the exceptions reach API
 * users, so they name no paths and no ffmpeg output; the log does.
 */
public final class VideoOptimizer implements Optimizer {
    private static final String ENCODE_FAILED = "The video could not be encoded";
    private static final double LOST_SECONDS_TOLERATED = 1.0;
    private static final double LOST_SHARE_TOLERATED = 0.10;

    /**
     * Encodes that may run at once. Each ffmpeg is given every processor already (-threads), so
     * a second encode on a small machine buys no speed, only another ~300 MB for a 1080p x264
     * encode, and both finish later; x264 stops gaining from more threads somewhere past eight.
     */
    static final int ENCODES_AT_ONCE = Math.max(1, Runtime.getRuntime().availableProcessors() / 8);

    private final VideoTools tools;
    private final Limits limits;
    private final VideoEncoder encoder;
    private final Semaphore encoders = new Semaphore(ENCODES_AT_ONCE, true);

    public VideoOptimizer(VideoTools tools, Limits limits) {
        this.tools = tools;
        this.limits = limits;
        this.encoder = new VideoEncoder(tools, limits.maxInputPixels());
    }

    @Override
    public Optimized optimize(Path input, Sniffed sniffed, Preset preset, Path workDir) {
        Ffprobe ffprobe = new Ffprobe(tools, limits.ffprobeTimeout());
        VideoSettings settings = preset.video();
        if (encoders.tryAcquire()) {
            try {
                return probeWhileEncoding(input, sniffed, settings, workDir, ffprobe);
            } finally {
                encoders.release();
            }
        }
        // every encoder is busy: what the probe refuses is refused before the wait, and the wait
        // does not count against the video's time limit
        ProbeReport source = probe(input, ffprobe);
        awaitEncoder();
        try {
            return tryStrategies(input, sniffed, source, settings, workDir, ffprobe, deadlineFromNow(), null);
        } finally {
            encoders.release();
        }
    }

    /**
     * The first strategy starts at once and the input is probed beside it: starting ffprobe
     * alone takes ~0.1 s (loading ffmpeg's libraries), 15 % of a 2 s clip's encode. The encoder
     * is safe to start unprobed (locked down, its decoder bounded by the pixel limit) and is
     * killed when the probe refuses the file.
     */
    private Optimized probeWhileEncoding(Path input, Sniffed sniffed, VideoSettings settings, Path workDir,
                                         Ffprobe ffprobe) {
        long deadline = deadlineFromNow();
        Strategy first = settings.strategies().getFirst();
        BackgroundTask<Attempt> head = BackgroundTask.start("video-encode",
                () -> attempt(input, first, settings, workDir, deadline, ffprobe));
        try {
            ProbeReport source = probe(input, ffprobe);
            return tryStrategies(input, sniffed, source, settings, workDir, ffprobe, deadline, head);
        } finally {
            // a no-op once the attempt was taken; otherwise the encoder dies and its output goes
            head.stop().ifPresent(Attempt::discard);
        }
    }

    /** The probe of the input, once it has a video stream within the limits. */
    private ProbeReport probe(Path input, Ffprobe ffprobe) {
        ProbeReport source = ffprobe.probe(input);
        if (source.video().isEmpty()) throw MediaException.unsupportedType("The file has no video stream");
        checkLimits(source);
        return source;
    }

    private long deadlineFromNow() {
        return System.nanoTime() + limits.videoTimeout().toNanos();
    }

    private void awaitEncoder() {
        try {
            encoders.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Waiting to encode the video was interrupted");
        }
    }

    /**
     * Tries the preset's strategies in order until {@code deadline}; {@code head}, when given,
     * is the first one already under way.
     */
    private Optimized tryStrategies(Path input, Sniffed sniffed, ProbeReport source, VideoSettings settings,
                                    Path workDir, Ffprobe ffprobe, long deadline, BackgroundTask<Attempt> head) {
        ProbedStream video = source.video().orElseThrow();
        long inputBytes = VideoEncoder.sizeOf(input);

        // Every encoding that came out larger than the input is a fallback only; the first is kept.
        Attempt.Encoded larger = null;
        try {
            for (Strategy strategy : settings.strategies()) {
                Attempt attempt = head != null && strategy == settings.strategies().getFirst()
                        ? head.await()
                        : attempt(input, strategy, settings, workDir, deadline, ffprobe);
                attempt = VideoEncoder.described(attempt, video, settings, ffprobe);
                if (attempt instanceof Attempt.Encoded encoded && endsEarly(source, encoded.durationSec())) {
                    Attempt.discard(encoded);
                    throw MediaException.unreadable(String.format(Locale.ROOT,
                            "The video ends early: only %.1f of its %.1f s could be read (truncated or corrupt)",
                            encoded.durationSec(), source.duration().orElse(0.0)), null);
                }
                switch (attempt) {
                    case Attempt.Encoded encoded when encoded.bytes() < inputBytes -> {
                        Attempt.discard(larger);
                        return result(encoded, video, source);
                    }
                    case Attempt.Encoded encoded -> {
                        if (larger == null) larger = encoded;
                        else Attempt.discard(encoded);
                    }
                    case Attempt.TimedOut _ -> {
                        if (larger == null) throw MediaException.timeout(
                                "Encoding the video took longer than " + seconds(limits.videoTimeout()));
                        return fallback(larger, input, sniffed, source, video, settings);
                    }
                    case Attempt.Failed _ -> { }
                }
            }
            if (larger == null) throw MediaException.encodeFailed(ENCODE_FAILED, null);
            return fallback(larger, input, sniffed, source, video, settings);
        } catch (RuntimeException e) {
            Attempt.discard(larger);
            throw e;
        }
    }

    /** One strategy with the time left before {@code deadline}. */
    private Attempt attempt(Path input, Strategy strategy, VideoSettings settings, Path workDir, long deadline,
                            Ffprobe ffprobe) {
        Duration left = Duration.ofNanos(deadline - System.nanoTime());
        return left.isPositive() ? encoder.encode(input, strategy, settings, workDir, left, ffprobe) : new Attempt.TimedOut();
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

    /** No encoding was smaller: the input itself when the preset could deliver it as is. */
    private Optimized fallback(Attempt.Encoded larger, Path input, Sniffed sniffed, ProbeReport source,
                               ProbedStream video, VideoSettings settings) {
        // nothing may follow the video in the file: a polyglot's second face must not come back
        if (!OriginalVideo.servable(sniffed, source, settings) || !TrailingData.isAbsent(input, sniffed.format())) {
            return result(larger, video, source);
        }
        Attempt.discard(larger);
        Double duration = source.duration().orElse(null);
        return new Optimized(input, Strategy.VIDEO_ORIGINAL, sniffed.contentType(), OriginalVideo.extension(sniffed),
                video.displayWidth(), video.displayHeight(), video.displayWidth(), video.displayHeight(),
                duration, duration);
    }

    private static Optimized result(Attempt.Encoded encoded, ProbedStream video, ProbeReport source) {
        Strategy strategy = encoded.strategy();
        return new Optimized(encoded.output(), strategy, strategy.contentType(), strategy.extension(),
                video.displayWidth(), video.displayHeight(), encoded.size().width(), encoded.size().height(),
                source.duration().orElse(null), encoded.durationSec());
    }

    private static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
