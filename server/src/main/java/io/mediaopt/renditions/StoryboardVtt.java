package io.mediaopt.renditions;

import java.util.Locale;

/**
 * The WebVTT of a storyboard: a cue per tile, each naming its part of the sheet by a media
 * fragment ({@code storyboard.webp#xywh=256,0,256,144}), as Video.js, Plyr, Vidstack and JW
 * Player read seek-bar previews. The sheet is named relative to the VTT, so both resolve from
 * where they are stored, and the rendition route puts a reachable URL in its place when it
 * serves the VTT ({@link PlaylistUris}).
 */
final class StoryboardVtt {
    private StoryboardVtt() {}

    static String text(StoryboardGrid grid, String sheetName) {
        StringBuilder vtt = new StringBuilder("WEBVTT\n");
        for (int i = 0; i < grid.count(); i++) {
            vtt.append('\n').append(timestamp(grid.startMs(i))).append(" --> ").append(timestamp(grid.endMs(i)))
                    .append('\n').append(sheetName).append("#xywh=").append(grid.x(i)).append(',').append(grid.y(i))
                    .append(',').append(grid.tileWidth()).append(',').append(grid.tileHeight()).append('\n');
        }
        return vtt.toString();
    }

    /** {@code hh:mm:ss.ttt}, with more hour digits past 99 hours. */
    static String timestamp(long ms) {
        return String.format(Locale.ROOT, "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60,
                ms % 1000);
    }
}
