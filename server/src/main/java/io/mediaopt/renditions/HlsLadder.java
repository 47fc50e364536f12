package io.mediaopt.renditions;

import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Progress;
import io.mediaopt.media.Rendition;
import io.mediaopt.media.SharedInput;
import io.mediaopt.media.RenditionRole;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.ChunkedVideo;
import io.mediaopt.video.VideoTools;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The HLS ladder of a video ({@link HlsRung}, {@link HlsArguments}) in H.264 and in AV1, and its
 * master playlist, written here rather than by ffmpeg so that each variant's {@code BANDWIDTH} is
 * its measured peak: the largest segment's bits over its length, as RFC 8216 (4.3.4.2) asks, and
 * its {@code CODECS} what its init segment holds ({@link Mp4Codecs}), so a player skips the
 * variants it cannot decode. The AV1 variants are listed first.
 *
 * <p>The AV1 variants must be no worse than the H.264 ones: the top rung of each is judged once
 * against the source ({@link Av1Judge}), and the lower rungs, encoded at the same settings,
 * follow its verdict; judging every rung would cost as much again. When AV1 loses, its variants
 * are left out and the master playlist's rendition says why ({@code av1Omitted}); there is no
 * second AV1 encode, so a ladder costs at most its two encodes and one judging.
 */
final class HlsLadder {
    static final String MASTER = "master.m3u8";
    static final String PLAYLIST_TYPE = "application/vnd.apple.mpegurl";
    static final String SEGMENT_TYPE = "video/iso.segment";
    static final String MASTER_HEAD = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n";

    private final VideoTools tools;
    private final Limits limits;
    private final int threads;
    private final Av1Judge judge;
    private final ChunkedVideo chunked;
    private final boolean av1Variants;

    HlsLadder(VideoTools tools, Limits limits, int threads) {
        this(tools, limits, threads, ChunkedVideo.off(), true);
    }

    /**
     * {@code chunked}: how a long queued video's ladder is encoded in chunks, when its settings say so;
     * {@code av1Variants}: false leaves the AV1 rungs out, neither encoded nor judged, at half the
     * encode CPU ({@link Av1Settings#LADDER_OFF}).
     */
    HlsLadder(VideoTools tools, Limits limits, int threads, ChunkedVideo chunked, boolean av1Variants) {
        this.tools = tools;
        this.limits = limits;
        this.threads = threads;
        this.judge = new Av1Judge(tools, limits);
        this.chunked = chunked;
        this.av1Variants = av1Variants;
    }

    /**
     * {@code width} x {@code height}: the displayed size of the source picture;
     * {@code durationSec}: its length, where the judged frames are sampled (null: unknown).
     */
    List<Made> make(Path input, int width, int height, VideoSettings settings, Double durationSec, Path parent)
            throws IOException {
        return make(input, width, height, settings, durationSec, parent, false, Optional.empty());
    }

    /**
     * {@code h264Made}: the H.264 ladder is in {@code parent} already ({@link #encodeEarly});
     * {@code shared}: the queued job's stored input, whose AV1 ladder a long video encodes in
     * chunks ({@link ChunkedAv1Ladder}).
     */
    List<Made> make(Path input, int width, int height, VideoSettings settings, Double durationSec, Path parent,
                    boolean h264Made, Optional<SharedInput> shared) throws IOException {
        Path dir = Files.createDirectories(parent.resolve("hls"));
        boolean portrait = height > width;
        List<HlsRung> rungs = HlsRung.ladder(width, height, settings.maxBitrateKbps());
        if (!h264Made) {
            FfmpegRun.run(tools, HlsArguments.ladder(tools.ffmpeg(), input, dir, rungs, portrait, settings,
                    limits.maxInputPixels(), threads), limits.videoTimeout(), "HLS ladder");
        }
        Av1Settings av1 = settings.av1();
        List<HlsRung> av1Rungs = rungs.stream().map(rung -> rung.av1(av1)).toList();
        HlsRung smallest = av1Rungs.getFirst();
        boolean encodable = av1Variants && Math.min(width(smallest, width, height), height(smallest, width, height))
                >= Av1Settings.MIN_SIDE;
        String av1Omitted = av1Variants ? Av1Settings.TOO_SMALL : Av1Settings.LADDER_OFF;
        if (encodable) {
            if (!new ChunkedAv1Ladder(tools, limits, chunked, parent).encode(input, av1Rungs,
                    portrait, settings, dir, durationSec == null ? 0 : durationSec, shared)) {
                FfmpegRun.run(tools, HlsArguments.av1Ladder(tools.ffmpeg(), input, dir, av1Rungs, portrait, av1,
                        settings.audioBitrateKbps(), limits.maxInputPixels(), threads), limits.videoTimeout(),
                        "AV1 HLS ladder");
            }
            av1Omitted = judgeTop(input, dir, av1Rungs.getLast(), rungs.getLast(), width, height,
                    durationSec == null ? 0 : durationSec, parent, av1.crf());
        }

        List<Made> made = new ArrayList<>();
        StringBuilder master = new StringBuilder(MASTER_HEAD);
        for (HlsRung rung : av1Rungs) {
            if (av1Omitted == null) master.append(variant(dir, rung, width, height, made));
            else if (encodable) delete(dir, rung);
        }
        for (HlsRung rung : rungs) master.append(variant(dir, rung, width, height, made));
        Files.writeString(dir.resolve(MASTER), master.toString(), StandardCharsets.UTF_8);
        String omitted = av1Omitted;
        made.addFirst(file(dir, MASTER, (name, bytes) -> Rendition.file(name, RenditionRole.HLS_MASTER, "m3u8",
                PLAYLIST_TYPE, bytes).withAv1Omitted(omitted)));
        return List.copyOf(made);
    }

    /**
     * The H.264 ladder alone, each segment stored as soon as ffmpeg lists it ({@link LiveLadder}),
     * so a player can start while the rest of the job runs; {@link #make} with {@code h264Made}
     * goes on from it.
     */
    void encodeEarly(Path input, int width, int height, VideoSettings settings, Path parent,
                     HlsPublication publication, double durationSec, Progress progress) throws IOException {
        encodeEarly(input, width, height, settings, parent, publication, durationSec, progress, Optional.empty());
    }

    /**
     * {@code shared}: the queued job's stored input, whose ladder a long video encodes in chunks
     * ({@link ChunkedLadder}), its playlists growing with the chunks done from the first on.
     */
    void encodeEarly(Path input, int width, int height, VideoSettings settings, Path parent,
                     HlsPublication publication, double durationSec, Progress progress,
                     Optional<SharedInput> shared) throws IOException {
        Path dir = Files.createDirectories(parent.resolve("hls"));
        List<HlsRung> rungs = HlsRung.ladder(width, height, settings.maxBitrateKbps());
        LiveLadder live = new LiveLadder(dir, Files.createDirectories(parent.resolve("hls-live")), rungs, width, height,
                publication, durationSec, progress);
        if (new ChunkedLadder(tools, limits, chunked, parent).encode(input, rungs, height > width,
                settings, dir, live, durationSec, progress, shared)) {
            return;
        }
        live.encode(tools, HlsArguments.ladder(tools.ffmpeg(), input, dir, rungs, height > width, settings,
                limits.maxInputPixels(), threads), limits.videoTimeout());
    }


    /** The top AV1 rung against the top H.264 rung, the video of each joined from its init and segments. */
    private String judgeTop(Path input, Path dir, HlsRung av1, HlsRung h264, int width, int height,
                            double durationSec, Path parent, int crf) throws IOException {
        Path work = Files.createDirectories(parent.resolve("hls-judge"));
        List<Path> made = new ArrayList<>();
        try {
            Path av1File = videoOf(dir, av1, work, made);
            Path h264File = videoOf(dir, h264, work, made);
            return judge.verdict(input, av1File, h264File, width(av1, width, height), height(av1, width, height),
                    durationSec, work, "AV1 at CRF " + crf + " on the " + h264.name() + " variant");
        } finally {
            for (Path file : made) Files.deleteIfExists(file);
            Files.deleteIfExists(work);
        }
    }

    /** The variant's init segment then its media segments, one fragmented MP4, and its video copied alone. */
    private Path videoOf(Path dir, HlsRung rung, Path work, List<Path> made) throws IOException {
        Path joined = work.resolve(rung.name() + "-joined.mp4");
        made.add(joined);
        MediaPlaylist playlist = playlist(dir, rung);
        try (OutputStream out = Files.newOutputStream(joined)) {
            Files.copy(dir.resolve(playlist.init()), out);
            for (MediaPlaylist.Segment segment : playlist.segments()) Files.copy(dir.resolve(segment.name()), out);
        }
        Path video = work.resolve(rung.name() + ".mp4");
        made.add(video);
        FfmpegRun.run(tools, HlsArguments.videoOnly(tools.ffmpeg(), joined, video), limits.videoTimeout(),
                "video of the " + rung.name() + " variant");
        return video;
    }

    private static void delete(Path dir, HlsRung rung) throws IOException {
        MediaPlaylist playlist = playlist(dir, rung);
        for (MediaPlaylist.Segment segment : playlist.segments()) Files.deleteIfExists(dir.resolve(segment.name()));
        Files.deleteIfExists(dir.resolve(playlist.init()));
        Files.deleteIfExists(dir.resolve(rung.playlist()));
    }

    /** The rung's files, added to {@code made}, and its line in the master playlist. */
    private static String variant(Path dir, HlsRung rung, int width, int height, List<Made> made) throws IOException {
        int rungWidth = width(rung, width, height);
        int rungHeight = height(rung, width, height);
        MediaPlaylist playlist = playlist(dir, rung);
        for (MediaPlaylist.Segment segment : playlist.segments()) {
            made.add(file(dir, segment.name(), (name, bytes) -> Rendition.file(name, RenditionRole.HLS_SEGMENT, "m4s",
                    SEGMENT_TYPE, bytes).withSize(rungWidth, rungHeight)));
        }
        made.add(file(dir, playlist.init(), (name, bytes) -> Rendition.picture(name, RenditionRole.HLS_INIT, rungWidth,
                rungHeight, MediaFormat.MP4, bytes)));
        long peak = peak(dir, playlist);
        made.add(file(dir, rung.playlist(), (name, bytes) -> Rendition.file(name, RenditionRole.HLS_PLAYLIST, "m3u8",
                PLAYLIST_TYPE, bytes).withSize(rungWidth, rungHeight).withBandwidth(peak)));
        return streamInf(dir, rung, playlist, width, height);
    }

    /**
     * The master playlist's line of a variant, measured over the segments {@code playlist}
     * lists: its peak (the largest segment's bits over its length) and average, its codecs and size.
     */
    static String streamInf(Path dir, HlsRung rung, MediaPlaylist playlist, int width, int height)
            throws IOException {
        long total = 0;
        for (MediaPlaylist.Segment segment : playlist.segments()) total += Files.size(dir.resolve(segment.name()));
        long average = (long) Math.ceil(total * 8 / Math.max(playlist.durationSec(), 0.001));
        return String.format(Locale.ROOT,
                "#EXT-X-STREAM-INF:BANDWIDTH=%d,AVERAGE-BANDWIDTH=%d,CODECS=\"%s\",RESOLUTION=%dx%d%n%s%n",
                peak(dir, playlist), average, codecs(dir.resolve(playlist.init())), width(rung, width, height),
                height(rung, width, height), rung.playlist());
    }

    private static long peak(Path dir, MediaPlaylist playlist) throws IOException {
        long peak = 0;
        for (MediaPlaylist.Segment segment : playlist.segments()) {
            long bytes = Files.size(dir.resolve(segment.name()));
            peak = Math.max(peak, (long) Math.ceil(bytes * 8 / Math.max(segment.durationSec(), 0.001)));
        }
        return peak;
    }

    private static MediaPlaylist playlist(Path dir, HlsRung rung) throws IOException {
        return MediaPlaylist.parse(Files.readString(dir.resolve(rung.playlist()), StandardCharsets.UTF_8));
    }

    /** The file {@code name} of {@code dir}, described by {@code rendition} from its name and size. */
    private static Made file(Path dir, String name, BiFunction<String, Long, Rendition> rendition) throws IOException {
        Path file = dir.resolve(name);
        return new Made(file, rendition.apply(name, Files.size(file)));
    }

    /** The RFC 6381 codecs of a variant, read from its init segment, so a player skips what it cannot decode. */
    private static String codecs(Path init) {
        try {
            return Mp4Codecs.read(init).joined();
        } catch (IOException e) {
            throw MediaException.encodeFailed("The HLS ladder could not be made", e);
        }
    }

    static int width(HlsRung rung, int width, int height) {
        return height > width ? rung.shortSide() : even((double) width * rung.shortSide() / height);
    }

    static int height(HlsRung rung, int width, int height) {
        return height > width ? even((double) height * rung.shortSide() / width) : rung.shortSide();
    }

    private static int even(double side) {
        return (int) Math.round(side / 2) * 2;
    }
}
