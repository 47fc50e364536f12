package io.mediaopt.renditions;

import io.mediaopt.image.ImageLadder;
import io.mediaopt.image.QualityMode;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Rendition;
import io.mediaopt.media.RenditionRole;
import io.mediaopt.media.Strategy;
import io.mediaopt.video.VideoTools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The storyboard of a video, for a player's seek-bar previews: one sheet of tiles drawn by
 * ffmpeg ({@link StoryboardArguments}), encoded by libvips in the preset's image format (its
 * first still-image strategy) at its own size, and the WebVTT naming each tile's place on it.
 */
final class Storyboards {
    static final String NAME = "storyboard";

    private final Vips vips;
    private final VideoTools tools;
    private final Limits limits;
    private final QualityMode qualityMode;

    Storyboards(Vips vips, VideoTools tools, Limits limits, QualityMode qualityMode) {
        this.vips = vips;
        this.tools = tools;
        this.limits = limits;
        this.qualityMode = qualityMode;
    }

    /** {@code width} × {@code height}: the picture as displayed; {@code durationSec}: null when unknown. */
    List<Made> make(Path input, Double durationSec, int width, int height, ImageSettings settings, Path dir)
            throws IOException {
        if (durationSec == null || durationSec <= 0) {
            throw MediaException.encodeFailed("The storyboard could not be made: the video's length is unknown", null);
        }
        StoryboardGrid grid = StoryboardGrid.of(durationSec, width, height);
        Path png = dir.resolve(NAME + "-tiles.png");
        FfmpegRun.run(tools, StoryboardArguments.sheet(tools.ffmpeg(), input, png, grid, limits.maxInputPixels()),
                limits.videoTimeout(), NAME);
        if (!Files.isRegularFile(png)) throw MediaException.encodeFailed("The storyboard could not be made", null);
        Strategy strategy = settings.strategies().getFirst();
        String sheetName = NAME + "." + strategy.output().extension();
        Path sheet = dir.resolve(sheetName);
        Rendition sheetRendition;
        try (ImageLadder ladder = ImageLadder.open(vips, png, grid.sheetWidth(), settings, qualityMode,
                limits.imageTimeout())) {
            ImageLadder.Rung rung = ladder.encode(strategy, ladder.width(), sheet);
            sheetRendition = new Rendition(sheetName, RenditionRole.STORYBOARD, rung.width(), rung.height(),
                    strategy.output().shortName(), strategy.output().contentType(), Files.size(sheet), null, null);
        } finally {
            Files.deleteIfExists(png);
        }
        Path vtt = Files.writeString(dir.resolve(NAME + ".vtt"), StoryboardVtt.text(grid, sheetName));
        return List.of(new Made(sheet, sheetRendition),
                new Made(vtt, new Rendition(vtt.getFileName().toString(), RenditionRole.STORYBOARD_VTT, null, null,
                        "vtt", "text/vtt", Files.size(vtt), null, null)));
    }
}
