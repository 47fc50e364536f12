package io.mediaopt.video;

import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;

import java.util.Locale;

/** The limits a probed upload must keep before any encode is tried on it. */
final class VideoAdmission {
    private VideoAdmission() {}

    /** Pixels are checked on every video stream: probing already decodes a frame of each. */
    static void check(ProbeReport source, Limits limits) {
        for (ProbedStream stream : source.streams()) {
            if (stream.isVideo() && stream.pixels() > limits.maxInputPixels()) {
                throw MediaException.limitExceeded(String.format(Locale.ROOT,
                        "The video is %dx%d pixels, over the limit of %d pixels per frame",
                        stream.width(), stream.height(), limits.maxInputPixels()));
            }
        }
        double duration = source.duration().orElse(0.0);
        if (duration > limits.maxVideoDurationSec()) {
            throw MediaException.limitExceeded(String.format(Locale.ROOT,
                    "The video lasts %.1f s, over the limit of %d s", duration, limits.maxVideoDurationSec()));
        }
    }

    /** AV1 asked for a picture SVT-AV1 cannot encode is said as such, before any encode. */
    static void refuseAv1TooSmall(Strategy first, ProbedStream video, VideoSettings settings) {
        if (first != Strategy.VIDEO_MP4_AV1) return;
        FrameSize size = FrameSize.fit(video, settings.maxWidth()).orElse(null);
        if (size != null && Math.min(size.width(), size.height()) < Av1Settings.MIN_SIDE) {
            throw MediaException.encodeFailed(Av1Settings.TOO_SMALL + "; this video comes out " + size.width() + "×"
                    + size.height() + ". Ask for format=mp4 instead", null);
        }
    }
}
