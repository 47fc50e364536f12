package io.mediaopt.video;

import io.mediaopt.media.Attempt;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Semaphore;

/**
 * One strategy's encode with the time left: in chunks that every node may take when the video is
 * long enough and its source can be cut ({@link ChunkedVideo}), otherwise whole, in one ffmpeg
 * run ({@link VideoEncoder}).
 */
final class WholeOrChunked {
    private static final Logger log = LoggerFactory.getLogger(WholeOrChunked.class);
    private final VideoEncoder whole;
    private final Semaphore encoders;
    private final ChunkedVideo chunked;

    /** {@code encoders}: the node's, one of which the caller holds; {@code chunked}: which videos are chunked. */
    WholeOrChunked(VideoEncoder whole, Semaphore encoders, ChunkedVideo chunked) {
        this.whole = whole;
        this.encoders = encoders;
        this.chunked = chunked;
    }

    /** Whether the video is encoded with {@code strategy} in chunks that every node may take. */
    boolean inChunks(VideoRun run, ProbedVideo probed, Strategy strategy) {
        return chunked.applies(run.shared(), strategy, probed.picture(), probed.durationSec());
    }

    /** {@code probed}: null before the probe answered, when the video is encoded whole. */
    Attempt<VideoEncoding> encode(VideoRun run, Strategy strategy, VideoSettings settings, SourcePicture picture,
                                  ProbedVideo probed) {
        Duration left = run.timeLeft();
        if (!left.isPositive()) return new Attempt.TimedOut<>();
        if (probed != null && inChunks(run, probed, strategy)) {
            long started = System.nanoTime();
            Optional<ChunkPlan> plan = chunked.plan(run.input(), left);
            log.info("the source's packets listed and its chunks planned in {} s", Elapsed.seconds(started));
            if (plan.isPresent()) return inChunks(run, strategy, settings, probed, plan.get());
        }
        return whole.encode(run.input(), strategy, settings, picture, run.workDir(), left, run.ffprobe(),
                run.progress());
    }

    /**
     * The chunks are encoded on the node's encoders one at a time, by this thread and by the
     * other slots of every node: this encode gives its own encoder back while they run.
     */
    private Attempt<VideoEncoding> inChunks(VideoRun run, Strategy strategy, VideoSettings settings, ProbedVideo probed,
                                            ChunkPlan plan) {
        encoders.release();
        try {
            return chunked.encode(run, run.shared().orElseThrow(), plan, strategy, settings,
                    probed.source().audio().isPresent());
        } finally {
            encoders.acquireUninterruptibly();
        }
    }
}
