package io.mediaopt.renditions;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Rendition;
import io.mediaopt.media.RenditionRole;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The storyboard of a video, for a player's seek-bar previews: one sheet of tiles drawn by
 * ffmpeg ({@link StoryboardArguments}), encoded by libvips in the preset's image format (its
 * first still-image strategy) at its own size, and the WebVTT naming each tile's place on it.
 */
final class Storyboards {
    static final String NAME = "storyboard";

    private final VideoStills stills;

    Storyboards(VideoStills stills) {
        this.stills = stills;
    }

    /** {@code width} × {@code height}: the picture as displayed; {@code durationSec}: its length, when known. */
    List<Made> make(Path input, Optional<Double> durationSec, int width, int height, ImageSettings settings, Path dir)
            throws IOException {
        double length = durationSec.filter(d -> d > 0).orElseThrow(() -> MediaException.encodeFailed(
                "The storyboard could not be made: the video's length is unknown", null));
        StoryboardGrid grid = StoryboardGrid.of(length, width, height);
        Path png = dir.resolve(NAME + "-tiles.png");
        Made sheet = stills.make(StoryboardArguments.sheet(stills.tools().ffmpeg(), input, png, grid,
                        stills.limits().maxInputPixels()), png,
                new VideoStills.Still(NAME, RenditionRole.STORYBOARD, grid.sheetWidth(), false), settings, dir);
        Path vtt = Files.writeString(dir.resolve(NAME + ".vtt"), StoryboardVtt.text(grid, sheet.rendition().name()));
        return List.of(sheet, new Made(vtt, Rendition.file(vtt.getFileName().toString(), RenditionRole.STORYBOARD_VTT,
                "vtt", "text/vtt", Files.size(vtt))));
    }
}
