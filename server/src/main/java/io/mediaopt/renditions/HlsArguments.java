package io.mediaopt.renditions;

import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.FfmpegArguments;
import io.mediaopt.video.FfmpegCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    static final int SEGMENT_SEC = 4;

    private HlsArguments() {}

    /** x264 at the preset's CRF; {@code portrait}: the picture is taller than wide, so a rung's size is its width. */
    static List<String> ladder(String ffmpeg, Path input, Path dir, List<HlsRung> rungs, boolean portrait,
                               VideoSettings settings, long maxPixels, int threads) {
        return command(ffmpeg, input, dir, rungs, portrait, settings.audioBitrateKbps(), maxPixels, rung -> List.of(
                "-c:v", "libx264", "-preset", FfmpegArguments.X264_PRESET, "-crf", Integer.toString(settings.crf()),
                "-maxrate", rung.maxBitrateKbps() + "k", "-bufsize", (2 * rung.maxBitrateKbps()) + "k",
                "-profile:v", "high", "-pix_fmt", "yuv420p",
                "-force_key_frames", "expr:gte(t,n_forced*" + SEGMENT_SEC + ")", "-sc_threshold", "0",
                "-threads", Integer.toString(threads)));
    }

    /**
     * SVT-AV1 at the preset's AV1 settings. ffmpeg's libsvtav1 ignores forced key frames, so
     * SVT-AV1's own key frame interval, in seconds, cuts the segments: a key frame every
     * {@link #SEGMENT_SEC} s and one frame (4.04 s at 25 fps), the same on every AV1 rung.
     */
    static List<String> av1Ladder(String ffmpeg, Path input, Path dir, List<HlsRung> rungs, boolean portrait,
                                  Av1Settings av1, int audioKbps, long maxPixels, int threads) {
        return command(ffmpeg, input, dir, rungs, portrait, audioKbps, maxPixels, rung -> {
            List<String> video = new ArrayList<>(FfmpegArguments.svtAv1(av1.svtPreset(), av1.crf(),
                    rung.maxBitrateKbps(), "keyint=" + SEGMENT_SEC + "s"));
            video.addAll(List.of("-threads", Integer.toString(threads)));
            return video;
        });
    }

    private static List<String> command(String ffmpeg, Path input, Path dir, List<HlsRung> rungs, boolean portrait,
                                        int audioKbps, long maxPixels, Function<HlsRung, List<String>> video) {
        FfmpegCommand command = FfmpegCommand.ffmpeg(ffmpeg)
                .input(input, FfmpegArguments.maxPixels(maxPixels))
                .add("-filter_complex", filters(rungs, portrait));
        for (int i = 0; i < rungs.size(); i++) {
            HlsRung rung = rungs.get(i);
            command.add("-map", "[v" + i + "]", "-map", "0:a:0?", "-map_metadata", "-1", "-map_chapters", "-1")
                    .add(video.apply(rung))
                    .add("-c:a", "aac", "-b:a", audioKbps + "k",
                            "-af", FfmpegArguments.UNCLIPPED_DOWNMIX + ",aformat=channel_layouts=stereo")
                    .add("-f", "hls", "-hls_time", Integer.toString(SEGMENT_SEC), "-hls_playlist_type", "vod",
                            "-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", rung.init(),
                            "-hls_segment_filename", dir.resolve(rung.name() + "_%03d.m4s").toAbsolutePath().toString())
                    .output(dir.resolve(rung.playlist()));
        }
        return command.build();
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
