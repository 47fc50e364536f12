package io.mediaopt.renditions;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.RenditionRole;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The poster of a video: one frame taken by ffmpeg, then encoded by libvips in the preset's
 * image format (its first still-image strategy), at most the preset's image width.
 */
final class Posters {
    /** A time past the end gets the last frames instead: this far before the end. */
    private static final double BEFORE_END_SEC = 0.1;

    private final VideoStills stills;

    Posters(VideoStills stills) {
        this.stills = stills;
    }

    /**
     * The frame at {@code atSec}, kept within the video's length when it is known; with no time,
     * the most representative of the first frames ({@link PosterArguments#representative}).
     */
    Made make(Path input, Optional<Double> atSec, Optional<Double> durationSec, ImageSettings settings, Path dir)
            throws IOException {
        Path png = dir.resolve("poster-frame.png");
        String ffmpeg = stills.tools().ffmpeg();
        long maxPixels = stills.limits().maxInputPixels();
        List<String> drawing = atSec
                .map(at -> durationSec.map(length -> Math.max(0, Math.min(at, length - BEFORE_END_SEC))).orElse(at))
                .map(at -> PosterArguments.at(ffmpeg, input, png, at, maxPixels))
                .orElseGet(() -> PosterArguments.representative(ffmpeg, input, png, maxPixels));
        return stills.make(drawing, png, new VideoStills.Still("poster", RenditionRole.POSTER, settings.maxWidth(), true),
                settings, dir);
    }
}
