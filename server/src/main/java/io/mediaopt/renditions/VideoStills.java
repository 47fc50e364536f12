package io.mediaopt.renditions;

import io.mediaopt.image.ImageLadder;
import io.mediaopt.image.QualityMode;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Rendition;
import io.mediaopt.media.RenditionRole;
import io.mediaopt.media.Strategy;
import io.mediaopt.video.VideoTools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A still picture of a video (a poster frame, a storyboard's sheet): drawn by ffmpeg as PNG, then
 * encoded by libvips in the preset's image format (its first still-image strategy) at most a
 * given width; the PNG is deleted either way.
 */
final class VideoStills {
    private final Vips vips;
    private final VideoTools tools;
    private final Limits limits;
    private final QualityMode qualityMode;

    VideoStills(Vips vips, VideoTools tools, Limits limits, QualityMode qualityMode) {
        this.vips = vips;
        this.tools = tools;
        this.limits = limits;
        this.qualityMode = qualityMode;
    }

    /** What a still is: its file's name without the extension (which the failure's message names too) and role. */
    record Still(String name, RenditionRole role, int maxWidth, boolean withPlaceholder) {}

    VideoTools tools() {
        return tools;
    }

    Limits limits() {
        return limits;
    }

    /** Runs {@code drawing}, the ffmpeg command that writes {@code png}, and encodes what it drew. */
    Made make(List<String> drawing, Path png, Still still, ImageSettings settings, Path dir) throws IOException {
        try {
            FfmpegRun.run(tools, drawing, limits.videoTimeout(), still.name());
            if (!Files.isRegularFile(png)) {
                throw MediaException.encodeFailed("The " + still.name() + " could not be made", null);
            }
            Strategy strategy = settings.strategies().getFirst();
            MediaFormat format = strategy.output();
            String name = still.name() + "." + format.extension();
            Path file = dir.resolve(name);
            try (ImageLadder ladder = ImageLadder.open(vips, png, still.maxWidth(), settings, qualityMode,
                    limits.imageTimeout())) {
                ImageLadder.Rung rung = ladder.encode(strategy, ladder.width(), file);
                Rendition rendition = Rendition.picture(name, still.role(), rung.width(), rung.height(), format,
                        Files.size(file));
                return new Made(file, still.withPlaceholder() ? rendition.withPlaceholder(ladder.placeholder()) : rendition);
            }
        } finally {
            Files.deleteIfExists(png);
        }
    }
}
