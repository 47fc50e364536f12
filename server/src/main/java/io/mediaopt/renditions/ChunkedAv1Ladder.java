package io.mediaopt.renditions;

import io.mediaopt.media.Limits;
import io.mediaopt.media.SharedInput;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.ChunkLadder;
import io.mediaopt.video.ChunkedVideo;
import io.mediaopt.video.VideoTools;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The AV1 ladder of a long queued video in chunks any node may take, as its H.264 ladder is
 * ({@link ChunkedLadder}), in chunk rows of its own: the chunks are cut on the segments' marks
 * ({@link ChunkedVideo#ladder}), so each starts on a key frame a one-piece encode has too, then
 * joined and cut into each rung's segments by copying packets, at the H.264 rungs' times. The AV1
 * variants are listed once the whole ladder is judged, so none is played early.
 */
final class ChunkedAv1Ladder {
    private final VideoTools tools;
    private final Limits limits;
    private final ChunkedVideo chunked;
    private final Path chunks;
    private final LadderAudio audio;

    /** {@code parent}: the renditions' directory, where the chunks go meanwhile. */
    ChunkedAv1Ladder(VideoTools tools, Limits limits, ChunkedVideo chunked, Path parent) {
        this.tools = tools;
        this.limits = limits;
        this.chunked = chunked;
        this.chunks = parent.resolve("hls-av1-chunks");
        this.audio = new LadderAudio(tools, limits, parent, "hls-av1-audio");
    }

    /** The AV1 rungs' segments and VOD playlists in {@code dir}; false: the ladder is encoded in one piece. */
    boolean encode(Path input, List<HlsRung> av1Rungs, boolean portrait, VideoSettings settings, Path dir,
                   double durationSec, Optional<SharedInput> shared) throws IOException {
        ChunkLadder ladder = HlsRung.inChunks(portrait, av1Rungs);
        try {
            Optional<Path> list = chunked.ladder(shared, input, durationSec, Strategy.VIDEO_MP4_AV1, ladder, settings,
                    chunks, percent -> { }, limits.videoTimeout(), () -> audio.start(input, settings.audioBitrateKbps()),
                    grown -> { });
            if (list.isEmpty()) return false;
            FfmpegRun.run(tools, HlsArguments.segmented(tools.ffmpeg(), list.get(), audio.whole().orElse(null), dir,
                    av1Rungs, null), limits.videoTimeout(), "AV1 HLS ladder");
            return true;
        } finally {
            ChunkedVideo.deleteCopies(chunks);
            audio.delete();
        }
    }
}
