package io.mediaopt.video;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.mediaopt.video.FfmpegArguments.SAMPLE_READ_SEC;
import static io.mediaopt.video.FfmpegArguments.maxPixels;

/** The ffmpeg commands of {@link FrameJudge}, built as pure functions like {@link FfmpegArguments}'. */
final class FrameJudgeArguments {
    private FrameJudgeArguments() {}

    /**
     * The first frame at or after each of {@code starts} seconds of
     * {@code video} (each input reads at most {@link FfmpegArguments#SAMPLE_READ_SEC} from its place), scaled to
     * {@code width} x {@code height} and written one after another as raw 8-bit RGB. Source and
     * encodes go through the same filter, so their frames differ only by the encode.
     */
    static List<String> frames(String ffmpeg, Path video, List<Double> starts, int width, int height,
                                     long maxPixels, Path output) {
        FfmpegCommand command = FfmpegCommand.ffmpeg(ffmpeg);
        StringBuilder graph = new StringBuilder();
        for (int i = 0; i < starts.size(); i++) {
            List<String> options = new ArrayList<>(maxPixels(maxPixels));
            options.addAll(List.of("-ss", String.format(Locale.ROOT, "%.3f", starts.get(i)), "-t", SAMPLE_READ_SEC));
            command.input(video, options);
            graph.append('[').append(i).append(":V:0]trim=end_frame=1,setpts=PTS-STARTPTS,scale=").append(width)
                    .append(':').append(height).append(":in_color_matrix=bt709,setsar=1,format=rgb24[f").append(i).append("];");
        }
        for (int i = 0; i < starts.size(); i++) graph.append("[f").append(i).append(']');
        graph.append("concat=n=").append(starts.size()).append(":v=1:a=0[out]");
        return command.add("-filter_complex", graph.toString(), "-map", "[out]", "-fps_mode", "passthrough",
                "-f", "rawvideo").output(output).build();
    }

    /** ffmpeg's ssim filter on two files of raw RGB frames, per frame on stdout. */
    static List<String> ssim(String ffmpeg, Path reference, Path frames, int width, int height) {
        List<String> raw = List.of("-pix_fmt", "rgb24", "-video_size", width + "x" + height);
        return FfmpegCommand.ffmpeg(ffmpeg).rawFrames(frames, raw).rawFrames(reference, raw)
                .add("-filter_complex", "[0:v][1:v]ssim=stats_file=-", "-f", "null", "-").build();
    }
}
