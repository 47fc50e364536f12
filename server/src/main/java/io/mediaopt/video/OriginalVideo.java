package io.mediaopt.video;

import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;

import java.util.Optional;
import java.util.Set;

/**
 * The never-bigger rule's test: may the uploaded file itself be served in place of an encoding
 * that came out larger? Only when it already is what the preset delivers: the same container
 * and codecs, pixels a browser plays (8-bit 4:2:0), and no wider than the preset allows.
 */
final class OriginalVideo {
    private static final Set<String> BROWSER_PIXEL_FORMATS = Set.of("yuv420p", "yuvj420p");

    private OriginalVideo() {}

    /** Why the upload cannot be served as it is, in words for the API's user; empty when it can. */
    static Optional<String> refusal(MediaFormat sniffed, ProbeReport probe, VideoSettings settings) {
        ProbedStream video = probe.video().orElse(null);
        if (video == null) return Optional.of("it has no video stream");
        if (video.displayWidth() > settings.maxWidth()) {
            return Optional.of("it is wider than the " + settings.maxWidth() + " pixels asked for");
        }
        if (!BROWSER_PIXEL_FORMATS.contains(video.pixelFormat())) {
            return Optional.of("its pixels (" + video.pixelFormat() + ") are not the 8-bit 4:2:0 browsers play");
        }
        String audio = probe.audio().map(ProbedStream::codecName).orElse(null);
        if (settings.strategies().stream().anyMatch(s -> delivers(s, sniffed, video.codecName(), audio))) {
            return Optional.empty();
        }
        return Optional.of("its " + video.codecName() + (audio == null ? "" : "/" + audio) + " in "
                + sniffed.shortName() + " is not an encoding the preset delivers");
    }

    private static boolean delivers(Strategy strategy, MediaFormat container, String videoCodec, String audioCodec) {
        if (strategy.output() != container) return false;
        return switch (strategy) {
            case VIDEO_MP4_H264 -> "h264".equals(videoCodec)
                    && (audioCodec == null || audioCodec.equals("aac"));
            case VIDEO_WEBM_VP9 -> "vp9".equals(videoCodec)
                    && (audioCodec == null || audioCodec.equals("opus") || audioCodec.equals("vorbis"));
            case VIDEO_MP4_AV1 -> "av1".equals(videoCodec)
                    && (audioCodec == null || audioCodec.equals("aac"));
            case VIDEO_WEBM_AV1 -> "av1".equals(videoCodec)
                    && (audioCodec == null || audioCodec.equals("opus"));
            default -> false;
        };
    }
}
