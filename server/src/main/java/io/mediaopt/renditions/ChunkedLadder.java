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
 * played early as the chunks are done: each time the chunks done from the first on reach further,
 * they are cut into segments again (a packet copy, the audio to their end), and every segment but
 * the last, which the next chunk may still lengthen, is listed in the EVENT playlists
 * {@link LiveLadder} stores. A cut is the same at every run, so the segments listed keep their
 * bytes. Once every chunk is done the whole is cut into the VOD playlists.
 */
final class ChunkedLadder {
    private final VideoTools tools;
    private final Limits limits;
    private final ChunkedVideo chunked;
    private final Path chunks;
    private final Path prefix;

    /** {@code parent}: the renditions' directory, where the chunks and the cuts of their prefix go meanwhile. */
    ChunkedLadder(VideoTools tools, Limits limits, ChunkedVideo chunked, Path parent) {
        this.tools = tools;
        this.limits = limits;
        this.chunked = chunked;
        this.chunks = parent.resolve("hls-chunks");
        this.prefix = parent.resolve("hls-prefix");
    }

    /** The ladder's segments and VOD playlists in {@code dir}, stored by {@code live}; false: it is encoded in one piece. */
    boolean encode(Path input, List<HlsRung> rungs, boolean portrait, VideoSettings settings, Path dir,
                   LiveLadder live, double durationSec, Progress progress, Optional<SharedInput> shared)
            throws IOException {
        ChunkLadder ladder = new ChunkLadder(portrait, rungs.stream()
                .map(rung -> new ChunkLadder.Rung(rung.shortSide(), rung.maxBitrateKbps())).toList());
        try {
            Optional<Path> list = chunked.ladder(shared, input, durationSec, Strategy.VIDEO_MP4_H264, ladder, settings,
                    chunks, progress, limits.videoTimeout(), grown -> publish(grown, input, rungs, settings, dir, live));
            if (list.isEmpty()) return false;
            cut(list.get(), 0, input, rungs, settings);
            for (HlsRung rung : rungs) {
                MediaPlaylist whole = MediaPlaylist.parse(Files.readString(prefix.resolve(rung.playlist()),
                        StandardCharsets.UTF_8));
                take(whole.init(), dir);
                for (MediaPlaylist.Segment segment : whole.segments()) take(segment.name(), dir);
                replace(prefix.resolve(rung.playlist()), dir.resolve(rung.playlist()));
            }
            live.storeFinished();
            return true;
        } finally {
            ChunkedVideo.deleteCopies(chunks);
            ChunkedVideo.deleteCopies(prefix);
        }
    }

    /** Cuts the chunks done so far and lists each rung's segments but the last in its EVENT playlist in {@code dir}. */
    private void publish(ChunkedVideo.LadderPrefix grown, Path input, List<HlsRung> rungs, VideoSettings settings,
                         Path dir, LiveLadder live) {
        try {
            cut(grown.list(), grown.durationSec(), input, rungs, settings);
            for (HlsRung rung : rungs) {
                String text = Files.readString(prefix.resolve(rung.playlist()), StandardCharsets.UTF_8);
                MediaPlaylist cut = MediaPlaylist.parse(text);
                if (cut.segments().size() < 2) continue;
                take(cut.init(), dir);
                for (MediaPlaylist.Segment segment : cut.segments().subList(0, cut.segments().size() - 1)) {
                    take(segment.name(), dir);
                }
                String last = cut.segments().getLast().name();
                String listed = text.substring(0, text.lastIndexOf("#EXTINF:", text.indexOf("\n" + last + "\n")))
                        .replace("#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-PLAYLIST-TYPE:EVENT");
                Path playlist = prefix.resolve(rung.playlist() + ".event");
                Files.writeString(playlist, listed, StandardCharsets.UTF_8);
                replace(playlist, dir.resolve(rung.playlist()));
            }
            live.storeNewWhileReachable();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The chunks of {@code list} cut afresh into segments, up to {@code durationSec} (0: all). */
    private void cut(Path list, double durationSec, Path input, List<HlsRung> rungs, VideoSettings settings)
            throws IOException {
        ChunkedVideo.deleteCopies(prefix);
        Files.createDirectories(prefix);
        FfmpegRun.run(tools, HlsArguments.segmented(tools.ffmpeg(), list, input, prefix, rungs,
                settings.audioBitrateKbps(), limits.maxInputPixels(), durationSec), limits.videoTimeout(), "HLS ladder");
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
