package io.mediaopt.renditions;

import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.FfmpegArguments;
import io.mediaopt.video.FfmpegCommand;
import io.mediaopt.video.RungCodec;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.Function;

/**
 * The ffmpeg commands that encode an HLS ladder, one per codec: the source is decoded once and
 * split into a scaled copy per rung, each encoded at the preset's quality under the rung's cap,
 * with a key frame every {@link #SEGMENT_SEC} seconds so every variant cuts its segments at the
 * same times, into fMP4 (CMAF) segments, which AV1 needs in HLS, under a VOD media playlist that
 * names them by bare file name.
 */
final class HlsArguments {
    static final int SEGMENT_SEC = RungCodec.KEY_FRAME_SEC;

    private HlsArguments() {}

    /** x264 at the preset's CRF; {@code portrait}: the picture is taller than wide, so a rung's size is its width. */
    static List<String> ladder(String ffmpeg, Path input, Path dir, List<HlsRung> rungs, boolean portrait,
                               VideoSettings settings, long maxPixels, int threads) {
        return command(ffmpeg, input, dir, rungs, portrait, settings.audioBitrateKbps(), maxPixels,
                rung -> RungCodec.h264(settings.crf(), rung.maxBitrateKbps(), threads));
    }

    /** SVT-AV1 at the preset's AV1 settings ({@link RungCodec#av1}). */
    static List<String> av1Ladder(String ffmpeg, Path input, Path dir, List<HlsRung> rungs, boolean portrait,
                                  Av1Settings av1, int audioKbps, long maxPixels, int threads) {
        return command(ffmpeg, input, dir, rungs, portrait, audioKbps, maxPixels,
                rung -> RungCodec.av1(av1.svtPreset(), av1.crf(), rung.maxBitrateKbps(), threads));
    }

    /**
     * The ladder's audio alone, whole, as {@link #ladder} encodes it on every rung: a chunked
     * ladder encodes it once and copies it into every cut ({@link #segmented}).
     */
    static List<String> audio(String ffmpeg, Path input, Path output, int audioKbps, long maxPixels) {
        return audioCommand(ffmpeg, input, audioKbps, maxPixels).add("-f", "mp4").output(output).build();
    }

    /** The ladder's audio from the start to {@code untilSec} s: up to a frame before that, the packets of {@link #audio}'s. */
    static List<String> audio(String ffmpeg, Path input, Path output, int audioKbps, long maxPixels, double untilSec) {
        return audioCommand(ffmpeg, input, audioKbps, maxPixels)
                .add("-t", String.format(Locale.ROOT, "%.6f", untilSec), "-f", "mp4").output(output).build();
    }

    private static FfmpegCommand audioCommand(String ffmpeg, Path input, int audioKbps, long maxPixels) {
        return FfmpegCommand.ffmpeg(ffmpeg).input(input, FfmpegArguments.maxPixels(maxPixels))
                .add("-map", "0:a:0", "-vn", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn")
                .add(audioCodec(audioKbps));
    }

    /**
     * The ladder encoded in chunks ({@code chunks}: their ffconcat list, each chunk a video stream
     * per rung) cut into each rung's segments, its video packets and those of {@code audio} (the
     * ladder's audio, {@link #audio}; null: none) copied. A segment ends on a key frame at least
     * {@link #SEGMENT_SEC} s from its start, which every rung has at the same times; an audio
     * packet goes into the segment its decoding time falls in, against the video's, and
     * {@code audioEndSec} (one per rung; null: all) says where a cut's audio ends: where the next
     * segment's video would start decoding, so every packet goes where the whole cut puts it.
     */
    static List<String> segmented(String ffmpeg, Path chunks, Path audio, Path dir, List<HlsRung> rungs,
                                  double[] audioEndSec) {
        FfmpegCommand command = FfmpegCommand.ffmpeg(ffmpeg).chunkList(chunks);
        for (int i = 0; audio != null && i < rungs.size(); i++) {
            command.input(audio, audioEndSec == null ? List.of()
                    : List.of("-t", String.format(Locale.ROOT, "%.6f", audioEndSec[i])));
        }
        for (int i = 0; i < rungs.size(); i++) {
            command.add("-map", "0:v:" + i);
            if (audio != null) command.add("-map", (1 + i) + ":a:0");
            segments(command.add("-c", "copy", "-map_metadata", "-1", "-map_chapters", "-1"), dir, rungs.get(i));
        }
        return command.build();
    }

    /** A chunk's length, s, as the concat demuxer takes it: its container's. */
    static List<String> length(String ffprobe, Path chunk) {
        return FfmpegCommand.ffprobe(ffprobe).input(chunk, List.of("-show_entries", "format=duration",
                "-of", "csv=p=0")).build();
    }

    /** The decoding times of a chunk's packets, each with its stream's index, in ffprobe's CSV. */
    static List<String> decodingTimes(String ffprobe, Path chunk) {
        return FfmpegCommand.ffprobe(ffprobe).input(chunk, List.of("-show_entries", "packet=stream_index,dts_time",
                "-of", "csv=p=0")).build();
    }

    private static List<String> command(String ffmpeg, Path input, Path dir, List<HlsRung> rungs, boolean portrait,
                                        int audioKbps, long maxPixels, Function<HlsRung, List<String>> video) {
        FfmpegCommand command = FfmpegCommand.ffmpeg(ffmpeg)
                .input(input, FfmpegArguments.maxPixels(maxPixels))
                .add("-filter_complex", filters(rungs, portrait));
        for (int i = 0; i < rungs.size(); i++) {
            HlsRung rung = rungs.get(i);
            command.add("-map", "[v" + i + "]", "-map", "0:a:0?").add(video.apply(rung));
            output(command, dir, rung, audioKbps);
        }
        return command.build();
    }

    /** The rung's audio and its fMP4 segments under a VOD media playlist. */
    private static void output(FfmpegCommand command, Path dir, HlsRung rung, int audioKbps) {
        segments(command.add("-map_metadata", "-1", "-map_chapters", "-1").add(audioCodec(audioKbps)), dir, rung);
    }

    private static List<String> audioCodec(int audioKbps) {
        return List.of("-c:a", "aac", "-b:a", audioKbps + "k",
                "-af", FfmpegArguments.UNCLIPPED_DOWNMIX + ",aformat=channel_layouts=stereo");
    }

    /** The rung's fMP4 segments, every {@link #SEGMENT_SEC} s, under a VOD media playlist. */
    private static void segments(FfmpegCommand command, Path dir, HlsRung rung) {
        command.add("-f", "hls", "-hls_time", Integer.toString(SEGMENT_SEC), "-hls_playlist_type", "vod",
                        "-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", rung.init(),
                        "-hls_segment_filename", dir.resolve(rung.name() + "_%03d.m4s").toAbsolutePath().toString())
                .output(dir.resolve(rung.playlist()));
    }

    /**
     * The video of a variant joined from its init and media segments, copied alone into an MP4
     * for judging. With its audio beside it, ffmpeg seeks from the earlier of the two tracks'
     * starts (AAC's priming, x264's reordering delay), and the judged frames came one frame off
     * the source's.
     */
    static List<String> videoOnly(String ffmpeg, Path joined, Path output) {
        return FfmpegCommand.ffmpeg(ffmpeg).input(joined)
                .add("-map", "0:V:0", "-c", "copy", "-map_metadata", "-1", "-f", "mp4").output(output).build();
    }

    /** Split the first real video stream once per rung and scale each copy, keeping the aspect and even sizes. */
    static String filters(List<HlsRung> rungs, boolean portrait) {
        StringJoiner graph = new StringJoiner(";");
        StringBuilder split = new StringBuilder("[0:V:0]split=" + rungs.size());
        for (int i = 0; i < rungs.size(); i++) split.append("[s").append(i).append(']');
        graph.add(split.toString());
        for (int i = 0; i < rungs.size(); i++) {
            int side = rungs.get(i).shortSide();
            graph.add("[s" + i + "]scale=" + (portrait ? side + ":-2" : "-2:" + side) + "[v" + i + "]");
        }
        return graph.toString();
    }
}
