package io.mediaopt.renditions;

import io.mediaopt.video.FfmpegArguments;
import io.mediaopt.video.FfmpegCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The ffmpeg command that takes a video's poster frame, as a pure function so tests can read it. */
final class PosterArguments {
    /**
     * Frames the thumbnail filter compares when no time is given: it keeps the one nearest the
     * average colour histogram of them all, so a black or faded first frame loses to the picture
     * the clip mostly shows (100 frames: 4 s at 25 fps).
     */
    static final int REPRESENTATIVE_OF_FRAMES = 100;

    private PosterArguments() {}

    /**
     * The frame at {@code atSec} of the first real video stream as PNG, seeking on the input so
     * nothing before it is decoded. Rotation is applied by ffmpeg's autorotate, as in the main encoding.
     */
    static List<String> at(String ffmpeg, Path input, Path png, double atSec, long maxPixels) {
        List<String> options = new ArrayList<>(FfmpegArguments.maxPixels(maxPixels));
        options.addAll(List.of("-ss", String.format(Locale.ROOT, "%.3f", atSec)));
        return frame(ffmpeg, input, options, List.of(), png);
    }

    /** The most representative of the first frames, as PNG, when no time is asked for. */
    static List<String> representative(String ffmpeg, Path input, Path png, long maxPixels) {
        return frame(ffmpeg, input, FfmpegArguments.maxPixels(maxPixels),
                List.of("-vf", "thumbnail=" + REPRESENTATIVE_OF_FRAMES), png);
    }

    private static List<String> frame(String ffmpeg, Path input, List<String> inputOptions, List<String> filter,
                                      Path png) {
        return FfmpegCommand.ffmpeg(ffmpeg).input(input, inputOptions)
                .add("-map", "0:V:0", "-an", "-sn", "-dn", "-map_metadata", "-1")
                .add(filter)
                .add("-frames:v", "1", "-c:v", "png", "-f", "image2").output(png).build();
    }
}
