package io.mediaopt.video;

import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.jobs.UnitsOfWork;
import io.mediaopt.media.Attempt;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Progress;
import io.mediaopt.media.SharedInput;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
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
 * plans the cuts ({@link ChunkPlan}), records the chunks, encodes the audio once, whole, then
 * takes chunks of its own job as the other nodes take them ({@link ChunkWork}) and, once every
 * chunk is done, joins them with the audio, copying packets. A job taken over after its node died
 * finds its chunks as they were: those done are not encoded again.
 */
public final class ChunkedVideo {
    private static final Logger log = LoggerFactory.getLogger(ChunkedVideo.class);
    private static final Duration POLL = Duration.ofMillis(250);
    private static final Set<Strategy> CHUNKED = EnumSet.of(Strategy.VIDEO_MP4_H264, Strategy.VIDEO_MP4_AV1);

    private final ChunkSettings settings;
    private final ChunkStore store;
    private final Storage storage;
    private final ChunkEncoder encoder;
    private final VideoTools tools;
    private final Limits limits;
    private final Clock clock;
    private final ChunkWork work;

    private ChunkedVideo(ChunkSettings settings, ChunkStore store, Storage storage, ChunkEncoder encoder,
                         VideoTools tools, Limits limits, Clock clock, ChunkWork work) {
        this.settings = settings;
        this.store = store;
        this.storage = storage;
        this.encoder = encoder;
        this.tools = tools;
        this.limits = limits;
        this.clock = clock;
        this.work = work;
    }

    /**
     * Chunks in the job database at {@code dataSource}, stored in {@code storage}, encoded on
     * {@code encoders} (the node's, shared with whole encodes) under leases of {@code lease}
     * owned by {@code nodeId}; the chunks of other jobs are encoded under {@code workRoot}.
     */
    public static ChunkedVideo create(ChunkSettings settings, DataSource dataSource, SqlDialect dialect,
                                      Storage storage, VideoTools tools, Limits limits, Semaphore encoders,
                                      String nodeId, Duration lease, Clock clock, Path workRoot) {
        ChunkStore store = new ChunkStore(dataSource, dialect);
        ChunkEncoder encoder = new ChunkEncoder(tools, limits.maxInputPixels(), limits.videoTimeout(), store, storage,
                encoders, nodeId, lease, clock);
        return new ChunkedVideo(settings, store, storage, encoder, tools, limits, clock,
                new ChunkWork(store, storage, encoder, workRoot, clock));
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
        ProcessResult listed = runOrNull(ChunkArguments.packets(tools.ffprobe(), input), timeLeft);
        if (listed == null || !listed.succeeded() || listed.stdoutTruncated()) return Optional.empty();
        return ChunkPlan.of(listed.stdout(), settings.chunkSec());
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
        store.insertAbsent(chunks, clock.millis());
        log.info("job {}: {} chunks of {} frames in all", shared.jobId(), chunks.size(), plan.frames());
        Path dir = run.workDir().resolve("chunks-" + planKey);
        try {
            Files.createDirectories(dir);
            Path audio = hasAudio ? dir.resolve("audio.m4a") : null;
            if (audio != null && !succeeded(ChunkArguments.audio(tools.ffmpeg(), run.input(), audio, s,
                    limits.maxInputPixels()), run.timeLeft())) {
                return new Attempt.Failed<>();
            }
            Optional<List<Chunk>> done = encodeAll(run, shared.jobId(), planKey, dir, rows -> { });
            if (done.isEmpty()) return run.timeLeft().isPositive() ? new Attempt.Failed<>() : new Attempt.TimedOut<>();
            Path output = run.workDir().resolve(strategy.wireName() + "." + strategy.output().extension());
            if (!join(done.get(), dir, audio, output, run.timeLeft())) return new Attempt.Failed<>();
            return VideoEncoder.probed(strategy, s.crf(), output, run.ffprobe());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            forget(shared.jobId(), planKey);
            ChunkWork.deleteTree(dir);
        }
    }

    /**
     * The HLS ladder of a queued job's input at least the threshold long, in chunks of every rung
     * that any node may take, encoded with {@code codec} (H.264 or AV1) at {@code s}'s CRF (and
     * SVT-AV1 preset): each chunk one MP4 with a video stream per rung of {@code ladder}. The
     * chunks are copied into {@code dir} in order; the ffconcat list naming them, which a packet
     * copy segments per rung. Empty when the ladder is encoded in one piece after all (a short or
     * synchronous video, a variable frame rate); a failed or timed-out chunk fails the ladder.
     */
    public Optional<Path> ladder(Optional<SharedInput> shared, Path input, double durationSec, Strategy codec,
                                 ChunkLadder ladder, VideoSettings s, Path dir, Progress progress, Duration timeout,
                                 Consumer<LadderPrefix> grown) {
        if (!settings.enabled() || shared.isEmpty() || durationSec < settings.thresholdSec()) return Optional.empty();
        Optional<ChunkPlan> plan = plan(input, timeout);
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
        store.insertAbsent(chunks, clock.millis());
        log.info("job {}: the HLS ladder in {} chunks of {} frames in all", jobId, chunks.size(), plan.get().frames());
        VideoRun run = new VideoRun(input, null, s, dir, new Ffprobe(tools, limits.ffprobeTimeout()),
                new EncodeProgress(progress), System.nanoTime() + timeout.toNanos(), shared);
        try {
            Files.createDirectories(dir);
            AtomicInteger copied = new AtomicInteger();
            Optional<List<Chunk>> done = encodeAll(run, jobId, planKey, dir,
                    rows -> copyPrefix(rows, dir, copied, plan.get().frameSec(), grown));
            if (done.isEmpty()) throw MediaException.encodeFailed("The HLS ladder could not be made", null);
            return Optional.of(readBack(done.get(), dir));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            forget(jobId, planKey);
        }
    }

    /** The chunks done so far from the first on, in order: their ffconcat list, and how long they play, s. */
    public record LadderPrefix(Path list, double durationSec) {}

    /** Copies the done chunks that extend the in-order run; {@code grown} hears of the run when it grew short of all. */
    private void copyPrefix(List<Chunk> rows, Path dir, AtomicInteger copied, double frameSec,
                            Consumer<LadderPrefix> grown) {
        int run = 0;
        while (run < rows.size() && rows.get(run).status() == ChunkStatus.DONE) run++;
        if (run <= copied.get() || run == rows.size()) return;
        try {
            Path list = readBack(rows.subList(0, run), dir);
            Path prefix = Files.move(list, dir.resolve("prefix.ffconcat"), StandardCopyOption.REPLACE_EXISTING);
            copied.set(run);
            grown.accept(new LadderPrefix(prefix,
                    rows.subList(0, run).stream().mapToInt(Chunk::frames).sum() * frameSec));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes the chunks {@link #ladder} copied into {@code dir}, and the directory. */
    public static void deleteCopies(Path dir) {
        if (Files.exists(dir)) ChunkWork.deleteTree(dir);
    }

    /**
     * Takes the plan's chunks one by one until none is left to take, then waits for those other
     * nodes encode; the chunks when all are done, empty when one failed or the time ran out.
     */
    private Optional<List<Chunk>> encodeAll(VideoRun run, String jobId, String planKey, Path dir,
                                            Consumer<List<Chunk>> seen) {
        while (run.timeLeft().isPositive()) {
            Optional<Chunk> mine = store.claimOf(jobId, planKey, encoder.nodeId(), encoder.leaseUntil(), clock.millis());
            if (mine.isPresent()) {
                encoder.encode(mine.get(), run.input(), dir);
            }
            List<Chunk> rows = store.planOf(jobId, planKey);
            seen.accept(rows);
            int done = (int) rows.stream().filter(c -> c.status() == ChunkStatus.DONE).count();
            run.progress().chunksDone(done, rows.size());
            if (rows.stream().anyMatch(c -> c.status() == ChunkStatus.FAILED)) return Optional.empty();
            if (done == rows.size()) return Optional.of(rows);
            if (mine.isEmpty()) pause();
        }
        return Optional.empty();
    }

    /** Reads the chunks back in order and joins them with the audio into {@code output}. */
    private boolean join(List<Chunk> chunks, Path dir, Path audio, Path output, Duration timeLeft) throws IOException {
        return succeeded(ChunkArguments.join(tools.ffmpeg(), readBack(chunks, dir), audio, output), timeLeft);
    }

    /** Copies the chunks' outputs into {@code dir}; the ffconcat list naming them in order. */
    private Path readBack(List<Chunk> chunks, Path dir) throws IOException {
        StringBuilder list = new StringBuilder("ffconcat version 1.0\n");
        for (Chunk chunk : chunks) {
            String name = String.format(Locale.ROOT, "part-%05d.mp4", chunk.index());
            if (!Files.exists(dir.resolve(name))) storage.copyTo(chunk.outputKey(), dir.resolve(name));
            list.append("file '").append(name).append("'\n");
        }
        Path listFile = dir.resolve("chunks.ffconcat");
        Files.writeString(listFile, list);
        return listFile;
    }

    /** The plan's stored chunks and rows go once it is joined, or can no longer be. */
    private void forget(String jobId, String planKey) {
        try {
            for (Chunk chunk : store.planOf(jobId, planKey)) {
                if (chunk.outputKey() != null) storage.delete(chunk.outputKey());
            }
            store.deletePlan(jobId, planKey);
        } catch (RuntimeException e) {
            log.warn("cannot delete the chunks of job {}: {}", jobId, e.toString());
        }
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

    private static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Encoding the video was interrupted");
        }
    }
}
