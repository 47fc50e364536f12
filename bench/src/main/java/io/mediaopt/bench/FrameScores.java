package io.mediaopt.bench;

import io.mediaopt.quality.LinearRgb;
import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * SSIMULACRA 2, the service's own metric, on frames sampled from a clip: every
 * {@link #EVERY}-th frame of the encode and of its source, decoded by ffmpeg to 8-bit sRGB at the
 * encode's size (the source scaled as a smaller preset's encode is) and scored pair by pair; the
 * figure is their mean.
 */
final class FrameScores {
    static final int EVERY = 48;

    private FrameScores() {}

    static double ssimulacra2(Path source, Path encoded, int width, int height) {
        return ssimulacra2(source, encoded, width, height, EVERY);
    }

    /** The mean over every {@code every}-th frame. */
    static double ssimulacra2(Path source, Path encoded, int width, int height, int every) {
        List<byte[]> reference = frames(source, width, height, every);
        List<byte[]> distorted = frames(encoded, width, height, every);
        if (reference.size() != distorted.size() || reference.isEmpty()) {
            throw new IllegalStateException("sampled " + reference.size() + " source frames and " + distorted.size()
                    + " encoded ones of " + encoded);
        }
        double sum = 0;
        for (int i = 0; i < reference.size(); i++) {
            sum += Ssimulacra2.score(LinearRgb.fromSrgb8(reference.get(i), width, height, 3),
                    LinearRgb.fromSrgb8(distorted.get(i), width, height, 3));
        }
        return sum / reference.size();
    }

    /** Every {@code every}-th frame as packed RGB bytes, read from ffmpeg's stdout. */
    private static List<byte[]> frames(Path video, int width, int height, int every) {
        try {
            Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error",
                    "-i", video.toString(), "-an", "-vf", "select='not(mod(n\\," + every + "))',scale=" + width + ":" + height
                            + ":in_color_matrix=bt709,format=rgb24",
                    "-fps_mode", "passthrough", "-f", "rawvideo", "pipe:1")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            List<byte[]> frames = new ArrayList<>();
            try (InputStream in = ffmpeg.getInputStream()) {
                while (true) {
                    byte[] frame = in.readNBytes(width * height * 3);
                    if (frame.length < width * height * 3) break;
                    frames.add(frame);
                }
            }
            if (ffmpeg.waitFor() != 0) throw new IllegalStateException("ffmpeg could not decode " + video);
            return frames;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
