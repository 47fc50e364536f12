package io.mediaopt.renditions;

import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.FfmpegArguments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * The one ffmpeg command that encodes an HLS ladder: the source is decoded once and split into a
 * scaled copy per rung, each encoded with x264 at the preset's quality under the rung's cap, with
 * a key frame every {@link #SEGMENT_SEC} seconds so every variant cuts its segments at the same
 * times, into fMP4 segments under a VOD media playlist that names them by bare file name.
 */
final class HlsArguments {
    static final int SEGMENT_SEC = 4;

    private HlsArguments() {}

    /** {@code portrait}: the picture is taller than wide, so a rung's size is its width. */
    static List<String> ladder(String ffmpeg, Path input, Path dir, List<HlsRung> rungs, boolean portrait,
                               VideoSettings settings, long maxPixels, int threads) {
        List<String> args = new ArrayList<>(List.of(ffmpeg, "-nostdin", "-hide_banner", "-loglevel", "error", "-y"));
        args.addAll(FfmpegArguments.LOCKDOWN);
        args.addAll(FfmpegArguments.maxPixels(maxPixels));
        args.addAll(List.of("-i", FfmpegArguments.fileUrl(input)));
        args.addAll(List.of("-filter_complex", filters(rungs, portrait)));
        for (int i = 0; i < rungs.size(); i++) {
            HlsRung rung = rungs.get(i);
            args.addAll(List.of("-map", "[v" + i + "]", "-map", "0:a:0?", "-map_metadata", "-1", "-map_chapters", "-1"));
            args.addAll(List.of("-c:v", "libx264", "-preset", FfmpegArguments.X264_PRESET, "-crf", Integer.toString(settings.crf()),
                    "-maxrate", rung.maxBitrateKbps() + "k", "-bufsize", (2 * rung.maxBitrateKbps()) + "k",
                    "-profile:v", "high", "-pix_fmt", "yuv420p",
                    "-force_key_frames", "expr:gte(t,n_forced*" + SEGMENT_SEC + ")", "-sc_threshold", "0",
                    "-threads", Integer.toString(threads)));
            args.addAll(List.of("-c:a", "aac", "-b:a", settings.audioBitrateKbps() + "k",
                    "-af", FfmpegArguments.UNCLIPPED_DOWNMIX + ",aformat=channel_layouts=stereo"));
            args.addAll(List.of("-f", "hls", "-hls_time", Integer.toString(SEGMENT_SEC), "-hls_playlist_type", "vod",
                    "-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", rung.name() + "_init.mp4",
                    "-hls_segment_filename", dir.resolve(rung.name() + "_%03d.m4s").toAbsolutePath().toString(),
                    FfmpegArguments.fileUrl(dir.resolve(rung.playlist()))));
        }
        return List.copyOf(args);
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
