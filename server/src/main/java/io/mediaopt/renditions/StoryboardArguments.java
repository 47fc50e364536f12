package io.mediaopt.renditions;

import io.mediaopt.video.FfmpegArguments;
import io.mediaopt.video.FfmpegCommand;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The ffmpeg command that draws a video's storyboard sheet, as a pure function so tests can read it. */
final class StoryboardArguments {
    private StoryboardArguments() {}

    /**
     * The sheet of {@code grid} as one PNG: tile {@code i} is the first frame at or after the
     * middle of its cue, the frame {@code ffmpeg -ss <middle>} gives. Each frame first takes the
     * time of the frame before it, then the {@code fps} filter keeps, per cue, the last frame
     * whose (shifted) time is before the middle: the one whose own time is the first at or after
     * it, repeated when the video holds one frame over several cues. Rotation is applied by
     * ffmpeg's autorotate, as in the main encoding.
     */
    static List<String> sheet(String ffmpeg, Path input, Path png, StoryboardGrid grid, long maxPixels) {
        String filters = "setpts='if(isnan(PREV_INPTS),PTS,PREV_INPTS)'"
                + ",fps=fps=" + grid.count() * 1000L + "/" + grid.durationMs()
                + String.format(Locale.ROOT, ":start_time=%.6f", -grid.intervalSec() / 2) + ":round=down"
                + ",scale=" + grid.tileWidth() + ":" + grid.tileHeight() + ":flags=lanczos,setsar=1"
                + ",tile=" + grid.columns() + "x" + grid.rows() + ":nb_frames=" + grid.count();
        return FfmpegCommand.ffmpeg(ffmpeg).input(input, FfmpegArguments.maxPixels(maxPixels))
                .add("-map", "0:V:0", "-an", "-sn", "-dn", "-map_metadata", "-1")
                .add("-vf", filters)
                .add("-frames:v", "1", "-c:v", "png", "-f", "image2").output(png).build();
    }
}
