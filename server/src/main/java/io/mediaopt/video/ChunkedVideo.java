package io.mediaopt.video;

import io.mediaopt.DirectoryTrees;
import io.mediaopt.jobs.EncodingSlots;
import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.jobs.UnitsOfWork;
import io.mediaopt.media.Attempt;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Progress;
import io.mediaopt.media.SharedInput;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.metrics.ServiceMetrics;
import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A long video's encode as chunks that any node may take ({@link ChunkSettings}): the job's node
 * plans the cuts ({@link ChunkPlan}), records the chunks and encodes the audio once, whole; then
 * the job gives its encoding slot back ({@link EncodingSlots#whileWaiting}) while the free slots
 * of every node, this one's included, take the chunks as units of work ({@link ChunkWork}; here
 * they read the job's own copy of the source, {@link ChunkSources}), and
 * takes a slot again to join them with the audio, copying packets. A job taken over after its
 * node died finds its chunks as they were: those done are not encoded again. An outage of the
 * database or storage met while it waits is waited out; one met elsewhere leaves the chunks to
 * the job's next attempt (or, should it end without one, to the sweep of ended jobs' chunks).
 */
public final class ChunkedVideo {
    private static final Logger log = LoggerFactory.getLogger(ChunkedVideo.class);
    private static final Set<Strategy> CHUNKED = EnumSet.of(Strategy.VIDEO_MP4_H264, Strategy.VIDEO_MP4_AV1);

    private final ChunkSettings settings;
    private final ChunkStore store;
    private final VideoTools tools;
    private final Limits limits;
    private final Clock clock;
    private final ChunkWork work;
    private final ChunkGathering gathering;
    private final ChunkSources sources;

    private ChunkedVideo(ChunkSettings settings, ChunkStore store, Storage storage, EncodingSlots slots,
                         VideoTools tools, Limits limits, Clock clock, ChunkWork work, ChunksEnded ended,
                         ChunkSources sources) {
        this.settings = settings;
        this.store = store;
        this.gathering = new ChunkGathering(store, storage, slots, ended);
        this.tools = tools;
        this.limits = limits;
        this.clock = clock;
        this.work = work;
        this.sources = sources;
    }

    /**
     * Chunks in the job database at {@code dataSource}, stored in {@code storage}, encoded on
     * {@code encoders} (the node's, shared with whole encodes) in the free {@code slots} of this
     * node, under leases of {@code lease} owned by {@code nodeId}, each under {@code workRoot}.
     */
    public static ChunkedVideo create(ChunkSettings settings, DataSource dataSource, SqlDialect dialect,
                                      Storage storage, VideoTools tools, Limits limits, Semaphore encoders,
                                      EncodingSlots slots, String nodeId, Duration lease, Clock clock, Path workRoot,
                                      ServiceMetrics metrics) {
        ChunkStore store = new ChunkStore(dataSource, dialect);
        ChunkEncoder encoder = new ChunkEncoder(tools, limits.maxInputPixels(), limits.videoTimeout(), store, storage,
                encoders, nodeId, lease, clock);
        ChunksEnded ended = new ChunksEnded();
        ChunkSources sources = new ChunkSources(storage, workRoot, clock, lease, store::anyLeft);
        return new ChunkedVideo(settings, store, storage, slots, tools, limits, clock,
                new ChunkWork(store, storage, encoder, workRoot, clock, () -> {
                    metrics.videoChunkEncoded();
                    ended.ended();
                }, sources), ended, sources);
    }

    /** Chunks off: every video in one piece, as on a node whose settings turn them off. */
    public static ChunkedVideo off() {
        return new ChunkedVideo(new ChunkSettings(0, ChunkSettings.DEFAULT.chunkSec()));
    }

    /** One that never chunks, so never reads or encodes chunks: it has nothing to do it with. */
    private ChunkedVideo(ChunkSettings off) {
        this.settings = off;
        this.store = null;
        this.gathering = null;
        this.tools = null;
        this.limits = null;
        this.clock = Clock.systemUTC();
        this.work = null;
        this.sources = null;
    }

    /** The chunks of every job, for this node's free slots. */
    public UnitsOfWork work() {
        return work;
    }

    /**
     * Whether a video of this length and picture is encoded in chunks with {@code strategy}: the
     * MP4 outputs, H.264 and AV1, whose chunks a packet copy joins. The source's codec does not
     * matter ({@link ChunkPlan}).
     */
    boolean applies(Optional<SharedInput> shared, Strategy strategy, SourcePicture picture, double durationSec) {
        return settings.enabled() && shared.isPresent() && CHUNKED.contains(strategy)
                && picture.equals(SourcePicture.UNPROBED) && durationSec >= settings.thresholdSec();
    }

    /** Where the source is cut; empty when it is encoded in one piece after all. */
    Optional<ChunkPlan> plan(Path input, Duration timeLeft) {
        return plan(input, timeLeft, Double.POSITIVE_INFINITY, 0);
    }

    /** Where the source is cut, the first time no later than {@code firstCutSec} in; only on marks {@code markSec} apart when above 0. */
    private Optional<ChunkPlan> plan(Path input, Duration timeLeft, double firstCutSec, double markSec) {
        ProcessResult listed = runOrNull(ChunkArguments.packets(tools.ffprobe(), input), timeLeft);
        if (listed == null || !listed.succeeded() || listed.stdoutTruncated()) return Optional.empty();
        return ChunkPlan.of(listed.stdout(), settings.chunkSec(), firstCutSec, markSec);
    }

    /** The video of {@code run} encoded with {@code strategy} at {@code s} as the chunks of {@code plan}. */
    Attempt<VideoEncoding> encode(VideoRun run, SharedInput shared, ChunkPlan plan, Strategy strategy, VideoSettings s,
                                  boolean hasAudio) {
        String planKey = String.format(Locale.ROOT, "%s-crf%d-w%d-b%d%s", strategy.wireName(), s.crf(), s.maxWidth(),
                s.maxBitrateKbps(), strategy == Strategy.VIDEO_MP4_AV1 ? "-p" + s.av1().svtPreset() : "");
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < plan.spans().size(); i++) {
            ChunkPlan.Span span = plan.spans().get(i);
            chunks.add(new Chunk(Chunk.idOf(shared.jobId(), planKey, i), shared.jobId(), planKey, i, shared.storageKey(),
                    span.seekMicros(), span.frames(), strategy, s.crf(), s.maxWidth(), s.maxBitrateKbps(),
                    s.av1().svtPreset(), null, ChunkStatus.PENDING, null));
        }
        Path dir = run.workDir().resolve("chunks-" + planKey);
        try (ChunkSources.Held _ = sources.heldBy(shared.jobId(), run.input())) {
            record(chunks);
            log.info("job {}: {} chunks of {} frames in all", shared.jobId(), chunks.size(), plan.frames());
            Attempt<VideoEncoding> attempt = encodeAndJoin(run, shared.jobId(), planKey, dir, strategy, s, hasAudio);
            // an attempt cut short by an exception (an outage) leaves its chunks to the next one
            gathering.forget(shared.jobId(), planKey);
            return attempt;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            DirectoryTrees.deleteOrWarn(dir, log);
        }
    }

    private Attempt<VideoEncoding> encodeAndJoin(VideoRun run, String jobId, String planKey, Path dir, Strategy strategy,
                                                 VideoSettings s, boolean hasAudio) throws IOException {
        Files.createDirectories(dir);
        Path audio = hasAudio ? dir.resolve("audio.m4a") : null;
        long started = System.nanoTime();
        if (audio != null && !succeeded(ChunkArguments.audio(tools.ffmpeg(), run.input(), audio, s,
                limits.maxInputPixels()), run.timeLeft())) {
            return new Attempt.Failed<>();
        }
        if (audio != null) log.info("job {}: audio encoded in {} s", jobId, Elapsed.seconds(started));
        Optional<List<Chunk>> done = gathering.withoutSlot(jobId, () -> gathering.awaitAll(run, jobId, planKey, rows -> { }));
        if (done.isEmpty()) return run.timeLeft().isPositive() ? new Attempt.Failed<>() : new Attempt.TimedOut<>();
        Path output = run.workDir().resolve(strategy.wireName() + "." + strategy.output().extension());
        if (!join(done.get(), dir, audio, output, run)) return new Attempt.Failed<>();
        return VideoEncoder.probed(strategy, s.crf(), output, run.ffprobe());
    }

    /**
     * The HLS ladder of a queued job's input at least the threshold long, in chunks of every rung
     * that any node may take, encoded with {@code codec} (H.264 or AV1) at {@code s}'s CRF (and
     * SVT-AV1 preset): each chunk one MP4 with a video stream per rung of {@code ladder}. The
     * chunks are copied into {@code dir} in order; the ffconcat list naming them, which a packet
     * copy segments per rung. {@code meanwhile} runs once the chunks are recorded, while the job
     * waits for them without its slot (the ladder's audio, which every cut needs); {@code grown}
     * hears of the chunks done from the first on as they reach further. Empty when the ladder is encoded in one piece after all (a short or
     * synchronous video, a variable frame rate); a failed or timed-out chunk fails the ladder.
     */
    public Optional<Path> ladder(Optional<SharedInput> shared, Path input, double durationSec, Strategy codec,
                                 ChunkLadder ladder, VideoSettings s, Path dir, Progress progress, Duration timeout,
                                 Runnable meanwhile, Consumer<LadderPrefix> grown) {
        if (!settings.enabled() || shared.isEmpty() || durationSec < settings.thresholdSec()) return Optional.empty();
        // the first chunk ends one segment in: once it is done, the first segment is listed;
        // AV1 on the segments' marks: a chunk's first frame is a key frame a one-piece encode has too
        Optional<ChunkPlan> plan = plan(input, timeout, RungCodec.KEY_FRAME_SEC,
                codec == Strategy.VIDEO_MP4_AV1 ? RungCodec.KEY_FRAME_SEC : 0);
        if (plan.isEmpty()) return Optional.empty();
        int crf = codec == Strategy.VIDEO_MP4_AV1 ? s.av1().crf() : s.crf();
        String jobId = shared.get().jobId();
        String planKey = "hls-" + codec.wireName();
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < plan.get().spans().size(); i++) {
            ChunkPlan.Span span = plan.get().spans().get(i);
            chunks.add(new Chunk(Chunk.idOf(jobId, planKey, i), jobId, planKey, i, shared.get().storageKey(),
                    span.seekMicros(), span.frames(), codec, crf, 0, 0, s.av1().svtPreset(),
                    ladder.withFrameSec(plan.get().frameSec()),
                    ChunkStatus.PENDING, null));
        }
        VideoRun run = new VideoRun(input, null, s, dir, new Ffprobe(tools, limits.ffprobeTimeout()),
                new EncodeProgress(progress), System.nanoTime() + timeout.toNanos(), shared);
        try (ChunkSources.Held _ = sources.heldBy(jobId, input)) {
            record(chunks);
            log.info("job {}: the HLS ladder in {} chunks of {} frames in all", jobId, chunks.size(), plan.get().frames());
            Files.createDirectories(dir);
            AtomicInteger copied = new AtomicInteger();
            Optional<List<Chunk>> done = gathering.withoutSlot(jobId, () -> {
                meanwhile.run();
                return gathering.awaitAll(run, jobId, planKey,
                        rows -> copyPrefix(rows, dir, copied, plan.get().frameSec(), grown, run));
            });
            if (done.isEmpty()) {
                gathering.forget(jobId, planKey);
                throw MediaException.encodeFailed("The HLS ladder could not be made", null);
            }
            Path list = gathering.readBack(done.get(), dir, run);
            // an attempt cut short by an exception (an outage) leaves its chunks to the next one
            gathering.forget(jobId, planKey);
            return Optional.of(list);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Records the chunks for every node's free slots to take, this node's woken at once. */
    private void record(List<Chunk> chunks) {
        store.insertAbsent(chunks, clock.millis());
        work.recorded();
    }

    /** The chunks done so far from the first on, in order: their ffconcat list, and how long they play, s. */
    public record LadderPrefix(Path list, double durationSec) {}

    /** Copies the done chunks that extend the in-order run; {@code grown} hears of the run when it grew short of all. */
    private void copyPrefix(List<Chunk> rows, Path dir, AtomicInteger copied, double frameSec,
                            Consumer<LadderPrefix> grown, VideoRun run) {
        int done = 0;
        while (done < rows.size() && rows.get(done).status() == ChunkStatus.DONE) done++;
        if (done <= copied.get() || done == rows.size()) return;
        try {
            Path list = gathering.readBack(rows.subList(0, done), dir, run);
            Path prefix = Files.move(list, dir.resolve("prefix.ffconcat"), StandardCopyOption.REPLACE_EXISTING);
            copied.set(done);
            grown.accept(new LadderPrefix(prefix,
                    rows.subList(0, done).stream().mapToInt(Chunk::frames).sum() * frameSec));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes the chunks {@link #ladder} copied into {@code dir}, and the directory. */
    public static void deleteCopies(Path dir) {
        DirectoryTrees.deleteOrWarn(dir, log);
    }

    /** Reads the chunks back in order and joins them with the audio into {@code output}. */
    private boolean join(List<Chunk> chunks, Path dir, Path audio, Path output, VideoRun run) throws IOException {
        long started = System.nanoTime();
        Path list = gathering.readBack(chunks, dir, run);
        boolean joined = succeeded(ChunkArguments.join(tools.ffmpeg(), list, audio, output), run.timeLeft());
        log.info("chunks read back and joined in {} s", Elapsed.seconds(started));
        return joined;
    }

    private boolean succeeded(List<String> command, Duration timeLeft) {
        ProcessResult run = runOrNull(command, timeLeft);
        if (run != null && !run.succeeded()) {
            log.warn("ffmpeg exited with {}{}; stderr tail:\n{}", run.exitCode(), run.timedOut() ? " (timed out)" : "",
                    run.stderrTail().strip());
        }
        return run != null && run.succeeded();
    }

    private ProcessResult runOrNull(List<String> command, Duration timeLeft) {
        if (!timeLeft.isPositive()) return null;
        try {
            return tools.runner().run(command, timeLeft);
        } catch (IOException e) {
            log.warn("ffmpeg could not be started", e);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Encoding the video was interrupted");
        }
    }
}
