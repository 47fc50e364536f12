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

/**
 * The poster of a video: one frame taken by ffmpeg, then encoded by libvips in the preset's
 * image format (its first still-image strategy), at most the preset's image width.
 */
final class Posters {
    /** A time past the end gets the last frames instead: this far before the end. */
    private static final double BEFORE_END_SEC = 0.1;

    private final Vips vips;
    private final VideoTools tools;
    private final Limits limits;
    private final QualityMode qualityMode;

    Posters(Vips vips, VideoTools tools, Limits limits, QualityMode qualityMode) {
        this.vips = vips;
        this.tools = tools;
        this.limits = limits;
        this.qualityMode = qualityMode;
    }

    /** {@code durationSec}: the video's length, which a chosen time is kept within (null: unknown). */
    Made make(Path input, Double atSec, Double durationSec, ImageSettings settings, Path dir) throws IOException {
        Path png = dir.resolve("poster-frame.png");
        Double at = atSec;
        if (at != null && durationSec != null) at = Math.max(0, Math.min(at, durationSec - BEFORE_END_SEC));
        FfmpegRun.run(tools, PosterArguments.frame(tools.ffmpeg(), input, png, at, limits.maxInputPixels()),
                limits.videoTimeout(), "poster");
        if (!Files.isRegularFile(png)) throw MediaException.encodeFailed("The poster could not be made", null);
        Strategy strategy = settings.strategies().getFirst();
        String name = "poster." + strategy.output().extension();
        Path file = dir.resolve(name);
        try (ImageLadder ladder = ImageLadder.open(vips, png, settings.maxWidth(), settings, qualityMode,
                limits.imageTimeout())) {
            ImageLadder.Rung rung = ladder.encode(strategy, ladder.width(), file);
            return new Made(file, new Rendition(name, RenditionRole.POSTER, rung.width(), rung.height(),
                    strategy.output().shortName(), strategy.output().contentType(), Files.size(file),
                    null, null).withPlaceholder(ladder.placeholder()));
        } finally {
            Files.deleteIfExists(png);
        }
    }
}
