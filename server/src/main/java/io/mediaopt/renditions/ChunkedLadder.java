package io.mediaopt.renditions;

import io.mediaopt.media.Limits;
import io.mediaopt.media.Progress;
import io.mediaopt.media.SharedInput;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.ChunkLadder;
import io.mediaopt.video.ChunkedVideo;
import io.mediaopt.video.VideoTools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;

/**
 * The H.264 ladder of a long queued video in chunks any node may take ({@link ChunkedVideo#ladder}),
 * played early as the chunks are done. Its audio is encoded once, whole, while the job waits for
 * the chunks ({@link LadderAudio}; the first cuts take the audio's beginning meanwhile). Each time the chunks done from the first on reach further, they are cut into
 * segments again, copying the packets of their video and of the audio up to their end, and the
 * segments are listed in the EVENT playlists {@link LiveLadder} stores: all of them when the
 * chunks end on a segment's end (the next chunk starts the next segment), else all but the last,
 * which the next chunk lengthens. A cut copies the same packets at every run, so the segments
 * listed keep their bytes. Once every chunk is done the whole is cut into the VOD playlists.
 */
final class ChunkedLadder {
    /** Under a frame at any rate a source has, and over the rounding of the playlists' lengths. */
    private static final double MARK_SLACK_SEC = 1e-3;

    private final VideoTools tools;
    private final Limits limits;
    private final ChunkedVideo chunked;
    private final Path chunks;
    private final Path prefix;
    private final LadderAudio audio;
    private final AudioEnds audioEnds;

    /** {@code parent}: the renditions' directory, where the chunks and the cuts of their prefix go meanwhile. */
    ChunkedLadder(VideoTools tools, Limits limits, ChunkedVideo chunked, Path parent) {
        this.tools = tools;
        this.limits = limits;
        this.chunked = chunked;
        this.chunks = parent.resolve("hls-chunks");
        this.prefix = parent.resolve("hls-prefix");
        this.audio = new LadderAudio(tools, limits, parent, "hls-audio");
        this.audioEnds = new AudioEnds(tools, limits.ffprobeTimeout());
    }

    /** The ladder's segments and VOD playlists in {@code dir}, stored by {@code live}; false: it is encoded in one piece. */
    boolean encode(Path input, List<HlsRung> rungs, boolean portrait, VideoSettings settings, Path dir,
                   LiveLadder live, double durationSec, Progress progress, Optional<SharedInput> shared)
            throws IOException {
        ChunkLadder ladder = HlsRung.inChunks(portrait, rungs);
        try {
            Optional<Path> list = chunked.ladder(shared, input, durationSec, Strategy.VIDEO_MP4_H264, ladder, settings,
                    chunks, progress, limits.videoTimeout(), () -> audio.start(input, settings.audioBitrateKbps()),
                    grown -> publish(grown, input, settings.audioBitrateKbps(), rungs, dir, live));
            if (list.isEmpty()) return false;
            cut(list.get(), audio.whole(), null, rungs);
            for (HlsRung rung : rungs) {
                MediaPlaylist whole = MediaPlaylist.parse(Files.readString(prefix.resolve(rung.playlist()),
                        StandardCharsets.UTF_8));
                take(whole, whole.segments().size(), dir);
                replace(prefix.resolve(rung.playlist()), dir.resolve(rung.playlist()));
            }
            live.storeFinished();
            return true;
        } finally {
            ChunkedVideo.deleteCopies(chunks);
            ChunkedVideo.deleteCopies(prefix);
            audio.delete();
        }
    }

    /**
     * Cuts the chunks done so far and lists each rung's segments in its EVENT playlist in
     * {@code dir}: the last one too when it is whole, for the chunks end on a segment's end.
     */
    private void publish(ChunkedVideo.LadderPrefix grown, Path input, int audioKbps, List<HlsRung> rungs, Path dir,
                         LiveLadder live) {
        try {
            if (audio.present()) {
                cut(grown.list(), audio.upTo(input, audioKbps, grown.durationSec()),
                        audioEnds.of(grown.list(), rungs.size()), rungs);
            } else {
                cut(grown.list(), Optional.empty(), null, rungs);
            }
            for (HlsRung rung : rungs) {
                String text = Files.readString(prefix.resolve(rung.playlist()), StandardCharsets.UTF_8);
                MediaPlaylist cut = MediaPlaylist.parse(text);
                int whole = endsOnMark(cut) ? cut.segments().size() : cut.segments().size() - 1;
                if (whole < 1) continue;
                take(cut, whole, dir);
                String listed = text.substring(0, text.indexOf("#EXT-X-ENDLIST"));
                if (whole < cut.segments().size()) {
                    String last = cut.segments().getLast().name();
                    listed = text.substring(0, text.lastIndexOf("#EXTINF:", text.indexOf("\n" + last + "\n")));
                }
                Path playlist = prefix.resolve(rung.playlist() + ".event");
                Files.writeString(playlist, listed.replace("#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-PLAYLIST-TYPE:EVENT"),
                        StandardCharsets.UTF_8);
                replace(playlist, dir.resolve(rung.playlist()));
            }
            live.storeNewWhileReachable();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Whether the cut's last segment is whole. A segment ends on the first key frame at or after
     * each {@link HlsArguments#SEGMENT_SEC} s of the video, and the next chunk starts with a key
     * frame: the last segment is whole when the chunks reach that far.
     */
    static boolean endsOnMark(MediaPlaylist cut) {
        return cut.durationSec() > (double) HlsArguments.SEGMENT_SEC * cut.segments().size() - MARK_SLACK_SEC;
    }

    /** The chunks of {@code list} cut afresh into segments with {@code audio}, each rung's to {@code audioEndSec} (null: all). */
    private void cut(Path list, Optional<Path> audio, double[] audioEndSec, List<HlsRung> rungs) {
        ChunkedVideo.deleteCopies(prefix);
        try {
            Files.createDirectories(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        FfmpegRun.run(tools, HlsArguments.segmented(tools.ffmpeg(), list, audio.orElse(null), prefix, rungs, audioEndSec),
                limits.videoTimeout(), "HLS ladder");
    }

    /** The init file and the first {@code segments} segments of a rung's cut moved into {@code dir}. */
    private void take(MediaPlaylist cut, int segments, Path dir) throws IOException {
        take(cut.init(), dir);
        for (MediaPlaylist.Segment segment : cut.segments().subList(0, segments)) take(segment.name(), dir);
    }

    /**
     * A file of the cut moved into {@code dir}, unless there already: a file stored may share its
     * inode with the stored copy ({@link HlsPublication#put}), so it is never rewritten.
     */
    private void take(String name, Path dir) throws IOException {
        if (!Files.exists(dir.resolve(name))) Files.move(prefix.resolve(name), dir.resolve(name));
    }

    /** A playlist renamed over the one in {@code dir}, which a reader then finds whole, old or new. */
    private static void replace(Path playlist, Path target) throws IOException {
        Files.move(playlist, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
