package io.mediaopt.renditions;

import io.mediaopt.video.FfmpegArguments;

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
        List<String> args = new ArrayList<>(List.of(ffmpeg, "-nostdin", "-hide_banner", "-loglevel", "error", "-y"));
        args.addAll(FfmpegArguments.LOCKDOWN);
        args.addAll(FfmpegArguments.maxPixels(maxPixels));
        if (atSec != null) args.addAll(List.of("-ss", String.format(Locale.ROOT, "%.3f", atSec)));
        args.addAll(List.of("-i", FfmpegArguments.fileUrl(input)));
        args.addAll(List.of("-map", "0:V:0", "-an", "-sn", "-dn", "-map_metadata", "-1"));
        if (atSec == null) args.addAll(List.of("-vf", "thumbnail=" + REPRESENTATIVE_OF_FRAMES));
        args.addAll(List.of("-frames:v", "1", "-c:v", "png", "-f", "image2", FfmpegArguments.fileUrl(png)));
        return List.copyOf(args);
    }
}
