package io.mediaopt.renditions;

import io.mediaopt.image.QualityMode;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.media.Limits;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Progress;
import io.mediaopt.media.SharedInput;
import io.mediaopt.ServiceException;
import io.mediaopt.media.MediaKind;
import io.mediaopt.video.ChunkedVideo;
import io.mediaopt.video.Ffprobe;
import io.mediaopt.video.ProbeReport;
import io.mediaopt.video.ProbedStream;
import io.mediaopt.video.VideoTools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Makes the renditions a job asked for from its input, after its main output: the responsive set
 * of an image; the poster, the HLS ladder, the AV1 and H.264 sources and the storyboard of a
 * video. Files go to one directory in the job's work directory, named as they will be stored.
 */
public final class RenditionMaker {
    private final ResponsiveImages responsive;
    private final Posters posters;
    private final HlsLadder hls;
    private final VideoSources sources;
    private final Storyboards storyboards;
    private final VideoTools tools;
    private final Limits limits;

    /**
     * {@code chunked}: how a long queued video's HLS ladder is encoded in chunks, when its settings
     * say so; {@code ladderAv1}: whether HLS ladders have AV1 variants (SERVICE_VIDEO_LADDER_AV1).
     */
    public RenditionMaker(Vips vips, VideoTools tools, Limits limits, QualityMode qualityMode, ChunkedVideo chunked,
                          boolean ladderAv1) {
        this.tools = tools;
        this.limits = limits;
        this.responsive = new ResponsiveImages(vips, qualityMode, limits.imageTimeout());
        VideoStills stills = new VideoStills(vips, tools, limits, qualityMode);
        this.posters = new Posters(stills);
        this.hls = new HlsLadder(tools, limits, Runtime.getRuntime().availableProcessors(), chunked, ladderAv1);
        this.sources = new VideoSources(tools, limits, Runtime.getRuntime().availableProcessors());
        this.storyboards = new Storyboards(stills);
    }

    /**
     * The share of a job's progress its early H.264 ladder takes, by the length of video every
     * variant has stored; the main output then goes on from there.
     */
    static final int EARLY_LADDER_PERCENT = 30;

    /** The size of the picture whose H.264 ladder {@link #playEarly} made, and the queued job's stored input. */
    public record EarlyHls(int width, int height, Optional<SharedInput> shared) {
        /** The job's progress as the main output reports it, after the share its ladder took. */
        public Progress afterLadder(Progress job) {
            return percent -> job.reached(EARLY_LADDER_PERCENT + percent * (100 - EARLY_LADDER_PERCENT) / 100);
        }
    }

    /**
     * Before the job's main output: the H.264 ladder of a video that asked for HLS, each segment
     * stored by {@code publication} as soon as it is made, so a player can start within seconds;
     * null when there is none to make, or the probe finds the video unreadable or over the limits,
     * which the main output then refuses as it always has. The job's {@code progress} follows the
     * ladder up to {@link #EARLY_LADDER_PERCENT}. {@code shared}: a queued job's stored input, from
     * which a long video's ladder is encoded in chunks that any node may take.
     */
    public EarlyHls playEarly(RenditionRequest request, MediaKind kind, Path input, Preset preset, Path workDir,
                              HlsPublication publication, Progress progress, Optional<SharedInput> shared)
            throws IOException {
        if (kind != MediaKind.VIDEO || !request.wants(RenditionKind.HLS)) return null;
        publication.clearEarlier();
        ProbedStream video;
        double durationSec;
        try {
            ProbeReport probe = new Ffprobe(tools, limits.ffprobeTimeout()).probe(input);
            video = probe.video().orElse(null);
            durationSec = probe.duration().orElse(0.0);
            if (video == null || video.pixels() > limits.maxInputPixels() || durationSec > limits.maxVideoDurationSec()) {
                return null;
            }
        } catch (ServiceException e) {
            return null;
        }
        EarlyHls early = new EarlyHls(video.displayWidth(), video.displayHeight(), shared);
        Path dir = Files.createDirectories(workDir.resolve("renditions"));
        hls.encodeEarly(input, early.width(), early.height(), preset.video(), dir, publication, durationSec,
                percent -> progress.reached(percent * EARLY_LADDER_PERCENT / 100), shared);
        return early;
    }

    /** {@code main}: the job's main output, whose measures of the input (size, length) the renditions follow. */
    public List<Made> make(RenditionRequest request, Path input, Preset preset, Optimized main, Path workDir,
                           EarlyHls early) throws IOException {
        if (request.isEmpty()) return List.of();
        Path dir = Files.createDirectories(workDir.resolve("renditions"));
        List<Made> made = new ArrayList<>();
        if (request.wants(RenditionKind.RESPONSIVE)) made.addAll(responsive.make(input, preset.image(), main, dir));
        if (request.wants(RenditionKind.POSTER)) {
            made.add(posters.make(input, Optional.ofNullable(request.posterTimeSec()),
                    Optional.ofNullable(main.inputDurationSec()), preset.image(), dir));
        }
        if (request.wants(RenditionKind.HLS)) {
            made.addAll(early != null
                    ? hls.make(input, early.width(), early.height(), preset.video(), main.inputDurationSec(), dir, true,
                            early.shared())
                    : hls.make(input, main.inputWidth(), main.inputHeight(), preset.video(), main.inputDurationSec(),
                            dir, false, Optional.empty()));
        }
        if (request.wants(RenditionKind.SOURCES)) made.addAll(sources.make(input, preset.video(), main.inputDurationSec(), dir));
        if (request.wants(RenditionKind.STORYBOARD)) {
            made.addAll(storyboards.make(input, Optional.ofNullable(main.inputDurationSec()), main.inputWidth(), main.inputHeight(),
                    preset.image(), dir));
        }
        return List.copyOf(made);
    }
}
