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
     * One frame of the first real video stream as PNG: the one at {@code atSec} (seeking on the
     * input, so nothing before it is decoded), or with a null time the most representative of the
     * first frames. Rotation is applied by ffmpeg's autorotate, as in the main encoding.
     */
    static List<String> frame(String ffmpeg, Path input, Path png, Double atSec, long maxPixels) {
        List<String> options = new ArrayList<>(FfmpegArguments.maxPixels(maxPixels));
        if (atSec != null) options.addAll(List.of("-ss", String.format(Locale.ROOT, "%.3f", atSec)));
        return FfmpegCommand.ffmpeg(ffmpeg).input(input, options)
                .add("-map", "0:V:0", "-an", "-sn", "-dn", "-map_metadata", "-1")
                .add(atSec == null ? List.of("-vf", "thumbnail=" + REPRESENTATIVE_OF_FRAMES) : List.of())
                .add("-frames:v", "1", "-c:v", "png", "-f", "image2").output(png).build();
    }
}
