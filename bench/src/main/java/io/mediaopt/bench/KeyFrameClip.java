package io.mediaopt.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A clip of the AV1 key frame bench ({@link Av1KeyFrameBench}) with the sizes of the HLS ladder's
 * AV1 rungs it is encoded at: its top rung (the largest standard rung not above its short side)
 * and the ladder's lowest, 360p. Real footage (bench/corpus-fetch.sh --video) is cut to at most
 * {@link #MAX_SECONDS} s and stored losslessly, so the judges compare against exactly what the
 * encoders were given; the photograph clips are {@link Av1Clips} at 1280x720.
 */
record KeyFrameClip(String name, Path source, int fps, List<Integer> rungs) {
    static final int MAX_SECONDS = 20;
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    /** The real clips then the photograph clips, each made once into {@code dir}. */
    static List<KeyFrameClip> all(Path videoCorpus, Path pictureCorpus, Path dir) {
        return List.of(
                real(videoCorpus.resolve("video-opencv-vtest.avi"), "street-camera", 10, List.of(540, 360), dir),
                real(videoCorpus.resolve("video-opencv-Megamind.avi"), "film-trailer", 24, List.of(360), dir),
                photo("pan-grain", pictureCorpus, dir),
                photo("talking-head", pictureCorpus, dir),
                photo("screen-scroll", pictureCorpus, dir));
    }

    private static KeyFrameClip photo(String name, Path corpus, Path dir) {
        Av1Clips clip = Av1Clips.ALL.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
        return new KeyFrameClip(name, clip.make(corpus, dir), 24, List.of(Av1Clips.HEIGHT, 360));
    }

    private static KeyFrameClip real(Path file, String name, int fps, List<Integer> rungs, Path dir) {
        Path clip = dir.resolve(name + ".mkv");
        if (!Files.exists(clip)) {
            Path partial = dir.resolve(name + ".partial.mkv");
            Command.of("nice", "-n", "10", "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                    "-i", file.toString(), "-t", Integer.toString(MAX_SECONDS), "-an", "-vf", "format=yuv420p",
                    "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", partial.toString()).run(dir, TIMEOUT);
            try {
                Files.move(partial, clip);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new KeyFrameClip(name, clip, fps, rungs);
    }
}
