package io.mediaopt.video;

import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The command lines of a video encoded in chunks: listing the source's frames, one chunk's
 * video, the whole audio once, and the join of the chunks with the audio, which copies every
 * packet (no second encode). Each chunk is encoded with the codec settings of a one-piece encode
 * ({@link FfmpegArguments#videoCodec}), so it starts with an IDR frame (SVT-AV1's: a key frame
 * after its sequence header) and its own rate control; an H.264 chunk after the first starts
 * with x264's buffer where a one-piece encode holds it ({@link #LATER_CHUNK_X264}).
 */
final class ChunkArguments {
    /**
     * x264 starts an encode with its VBV buffer 90 % full, which lets a chunk spend a burst of
     * bits where a one-piece encode at its cap has none to spare: there x264 keeps the buffer at
     * least half full, more when the content is only just over the cap, so a chunk after the first
     * starts at 55 %, between the two. Under the cap the buffer never binds and nothing changes.
     */
    static final List<String> LATER_CHUNK_X264 = List.of("-x264-params", "vbv-init=0.55");

    private ChunkArguments() {}

    /** The video packets' timestamps and flags, and the container's start, in ffprobe's compact form ({@link ChunkPlan#of}). */
    static List<String> packets(String ffprobe, Path input) {
        return FfmpegCommand.ffprobe(ffprobe).input(input, List.of("-select_streams", "V:0",
                "-show_entries", "packet=pts_time,flags:format=start_time", "-of", "compact")).build();
    }

    /**
     * One chunk: from {@code seekMicros} of the source (accurate seeking decodes from the key frame
     * before it and drops what comes before it), {@code frames} frames, the timestamps counted
     * from the chunk's first frame so that no frame is doubled or dropped to fill a gap at its
     * start; no audio.
     */
    static List<String> chunk(String ffmpeg, Path input, Path output, Strategy strategy, VideoSettings settings,
                              long maxPixels, int processors, long seekMicros, int frames) {
        List<String> seek = seekMicros > 0
                ? List.of("-ss", String.format(Locale.ROOT, "%.6f", seekMicros / 1e6)) : List.of();
        SourcePicture picture = SourcePicture.UNPROBED;
        return FfmpegCommand.ffmpeg(ffmpeg)
                .input(input, FfmpegArguments.decoding(maxPixels, processors, picture, seek))
                .add("-map", "0:V:0", "-an", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn")
                .add("-vf", "setpts=PTS-STARTPTS," + picture.filters(
                        "scale='trunc(min(iw," + settings.maxWidth() + ")/2)*2':-2", strategy))
                .add(FfmpegArguments.videoCodec(strategy, settings, picture.pixelFormat(strategy)))
                .add(seekMicros > 0 && strategy == Strategy.VIDEO_MP4_H264 ? LATER_CHUNK_X264 : List.of())
                .add("-frames:v", Integer.toString(frames))
                .add("-threads", Integer.toString(processors))
                .add(FfmpegArguments.container(strategy))
                .output(output).build();
    }

    /**
     * One chunk of an HLS ladder: its frames as {@link #chunk} reads them, decoded once and split
     * into a scaled copy per rung, each encoded at the rung's settings ({@link RungCodec}, the key
     * frames where a one-piece ladder has them) as the rung's own video stream of one MP4.
     */
    static List<String> ladderChunk(String ffmpeg, Path input, Path output, Chunk chunk, long maxPixels,
                                    int processors) {
        List<String> seek = chunk.seekMicros() > 0
                ? List.of("-ss", String.format(Locale.ROOT, "%.6f", chunk.seekMicros() / 1e6)) : List.of();
        List<ChunkLadder.Rung> rungs = chunk.ladder().rungs();
        StringBuilder graph = new StringBuilder("[0:V:0]setpts=PTS-STARTPTS,split=" + rungs.size());
        for (int i = 0; i < rungs.size(); i++) graph.append("[s").append(i).append(']');
        FfmpegCommand command = FfmpegCommand.ffmpeg(ffmpeg)
                .input(input, FfmpegArguments.decoding(maxPixels, processors, SourcePicture.UNPROBED, seek));
        List<String> streams = new ArrayList<>();
        for (int i = 0; i < rungs.size(); i++) {
            ChunkLadder.Rung rung = rungs.get(i);
            int side = rung.shortSide();
            graph.append(";[s").append(i).append("]scale=")
                    .append(chunk.ladder().portrait() ? side + ":-2" : "-2:" + side).append("[v").append(i).append(']');
            streams.addAll(List.of("-map", "[v" + i + "]"));
            double startSec = chunk.ladder().startSec(chunk.seekMicros());
            streams.addAll(RungCodec.forStream(chunk.strategy() == Strategy.VIDEO_MP4_AV1
                    ? RungCodec.av1(chunk.svtPreset(), chunk.crf(), rung.maxBitrateKbps(), processors, startSec)
                    : RungCodec.h264(chunk.crf(), rung.maxBitrateKbps(), processors, startSec, chunk.seekMicros() > 0), i));
        }
        return command.add("-filter_complex", graph.toString())
                .add(streams)
                .add("-an", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn")
                .add("-frames:v", Integer.toString(chunk.frames()), "-f", "mp4")
                .output(output).build();
    }

    /** The first audio stream, whole, as a one-piece encode makes it. */
    static List<String> audio(String ffmpeg, Path input, Path output, VideoSettings settings, long maxPixels) {
        return FfmpegCommand.ffmpeg(ffmpeg)
                .input(input, FfmpegArguments.maxPixels(maxPixels))
                .add("-map", "0:a:0", "-vn", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn")
                .add("-af", FfmpegArguments.AUDIO_FILTERS)
                .add("-c:a", "aac", "-b:a", settings.audioBitrateKbps() + "k", "-f", "mp4")
                .output(output).build();
    }

    /** The chunks of {@code list} one after the other, with the audio when there is one, packets copied. */
    static List<String> join(String ffmpeg, Path list, Path audio, Path output) {
        FfmpegCommand command = FfmpegCommand.ffmpeg(ffmpeg).chunkList(list);
        List<String> maps = new ArrayList<>(List.of("-map", "0:v:0"));
        if (audio != null) {
            command.input(audio);
            maps.addAll(List.of("-map", "1:a:0"));
        }
        return command.add(maps)
                .add("-c", "copy", "-map_metadata", "-1", "-map_chapters", "-1", "-movflags", "+faststart", "-f", "mp4")
                .output(output).build();
    }
}
