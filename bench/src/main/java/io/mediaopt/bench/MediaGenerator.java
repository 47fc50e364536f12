package io.mediaopt.bench;

import io.mediaopt.DirectoryTrees;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Makes the bench's inputs with libvips, ffmpeg and Java2D, so a run needs no media files. Each
 * file is made once and kept in the media directory; the version in its name changes whenever
 * its recipe does, so a changed recipe never meets a stale file.
 */
final class MediaGenerator {
    private static final Duration TOOL_TIMEOUT = Duration.ofMinutes(5);
    private static final String VERSION = "v2";

    private final Path dir;
    private final Consumer<String> progress;

    MediaGenerator(Path dir, Consumer<String> progress) {
        this.dir = dir;
        this.progress = progress;
    }

    MediaSet generate() {
        createDirectory();
        return new MediaSet(photoCase(), screenshotCase(), gifCase(), clip1080(), clip720(),
                MediaCase.video("big-clip", "1080p H.264 at ~160 Mb/s, ~110 MB", make("big-110mb", "mp4", this::bigClip)),
                icon());
    }

    /**
     * The soak's inputs, which leave out the slow 1080p clips: the 12 MP photo and a 3 MP one made
     * from it, the screenshot, the animated GIF, the 2 s 720p clip and the icon.
     */
    List<MediaCase> soakInputs() {
        createDirectory();
        MediaCase photo = photoCase();
        MediaCase photo3mp = MediaCase.image("photo-3mp", "3 MP photo-like JPEG, q90", make("photo-3mp", "jpg",
                out -> vips(dir, "resize", photo.file().toString(), out.toAbsolutePath() + "[Q=90]", "0.5")));
        return List.of(photo, photo3mp, screenshotCase(), gifCase(), clip720(), icon());
    }

    /** The synchronous route's inputs: the screenshot and the 12 MP photo. */
    List<MediaCase> syncInputs() {
        createDirectory();
        return List.of(screenshotCase(), photoCase());
    }

    private void createDirectory() {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private MediaCase photoCase() {
        return MediaCase.image("photo", "12 MP photo-like JPEG, q90", make("photo-12mp", "jpg", this::photo));
    }

    private MediaCase screenshotCase() {
        return MediaCase.image("screenshot", "2560×1440 UI screenshot PNG", make("screenshot-1440p", "png", this::screenshot));
    }

    private MediaCase gifCase() {
        return MediaCase.animation("gif", "480×270 animated GIF, 40 frames", make("animation", "gif", this::gif));
    }

    private MediaCase clip1080() {
        return MediaCase.video("clip-1080p", "10 s 1080p30 H.264+AAC", make("clip-1080p-10s", "mp4",
                out -> clip(out, 1920, 1080, 10)));
    }

    private MediaCase clip720() {
        return MediaCase.video("clip-720p", "2 s 720p30 H.264+AAC", make("clip-720p-2s", "mp4",
                out -> clip(out, 1280, 720, 2)));
    }

    private MediaCase icon() {
        return MediaCase.image("icon", "64×64 UI PNG", make("icon-64", "png", out -> ScreenshotPainter.paint(64, 64, out)));
    }

    private Path make(String name, String extension, Consumer<Path> recipe) {
        Path file = dir.resolve(name + "-" + VERSION + "." + extension);
        if (Files.exists(file)) return file;
        progress.accept("generating " + file.getFileName());
        Path partial = dir.resolve(name + ".partial." + extension);
        recipe.accept(partial);
        try {
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /**
     * A 4000×3000 picture with what makes photos expensive to compress: smooth light falloff,
     * texture at several scales (Perlin noise), hard-edged shapes (thresholded Worley cells) and
     * sensor grain, slightly blurred as a lens would. At q90 it weighs ~3.7 MB, like a phone photo.
     */
    private void photo(Path out) {
        Path work = scratch("photo");
        Function<String, String> f = name -> work.resolve(name).toString();
        String w = "4000", h = "3000";
        vips(work, "perlin", f.apply("p1.v"), w, h, "--cell-size", "700", "--seed", "1");
        vips(work, "perlin", f.apply("p2.v"), w, h, "--cell-size", "120", "--seed", "2");
        vips(work, "perlin", f.apply("p3.v"), w, h, "--cell-size", "24", "--seed", "3");
        vips(work, "perlin", f.apply("p4.v"), w, h, "--cell-size", "5", "--seed", "4");
        vips(work, "worley", f.apply("w.v"), w, h, "--cell-size", "350", "--seed", "5");
        vips(work, "relational_const", f.apply("w.v"), f.apply("disc.v"), "less", "70");
        vips(work, "linear", f.apply("disc.v"), f.apply("discf.v"), "0.004", "0");
        vips(work, "xyz", f.apply("xy.v"), w, h);
        vips(work, "extract_band", f.apply("xy.v"), f.apply("y.v"), "1");
        vips(work, "linear", f.apply("y.v"), f.apply("yf.v"), "0.00033", "0");
        List<String> bands = new ArrayList<>(List.of("yf.v", "p1.v", "p2.v", "p3.v", "p4.v", "discf.v"));
        // libvips picks a random seed unless given one: fixed seeds make the same photo every time
        int seed = 6;
        for (String grain : List.of("n1.v", "n2.v", "n3.v")) {
            vips(work, "gaussnoise", f.apply(grain), w, h, "--sigma", "1", "--mean", "0", "--seed", Integer.toString(seed++));
            bands.add(grain);
        }
        vips(work, "bandjoin", String.join(" ", bands.stream().map(f).toList()), f.apply("all.v"));
        // one row per RGB channel: gradient, four Perlin scales, the shapes, then that channel's grain
        write(work.resolve("mix.mat"), """
                9 3
                -120 160 70 35 18 -70 9 0 0
                -80 150 60 35 18 50 0 9 0
                -140 100 50 35 18 -40 0 0 9
                """);
        vips(work, "recomb", f.apply("all.v"), f.apply("rgb.v"), f.apply("mix.mat"));
        vips(work, "linear", f.apply("rgb.v"), f.apply("lit.v"), "1 1 1", "200 190 205");
        vips(work, "gaussblur", f.apply("lit.v"), f.apply("soft.v"), "0.6");
        vips(work, "cast", f.apply("soft.v"), f.apply("rgb8.v"), "uchar");
        vips(work, "copy", f.apply("rgb8.v"), out.toAbsolutePath() + "[Q=90]");
        delete(work);
    }

    private void screenshot(Path out) {
        ScreenshotPainter.paint(2560, 1440, out);
    }

    private void gif(Path out) {
        // palettegen waits for the end of its input, so the sources themselves must end
        ffmpeg("-f", "lavfi", "-t", "4", "-i", "mandelbrot=s=480x270:r=10",
                "-f", "lavfi", "-t", "4", "-i", "testsrc2=s=160x90:r=10",
                "-filter_complex", "[0:v][1:v]overlay=x='mod(t*80,320)':y=150,split[a][b];"
                        + "[a]palettegen=max_colors=128[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
                "-f", "gif", out.toString());
    }

    /**
     * A moving scene like camera footage: a zooming fractal (smooth gradients and fine detail),
     * a test pattern sliding across it (sharp moving edges) and temporal grain, with stereo AAC.
     * At CRF 21 the 1080p clip runs at ~12 Mb/s, as phones record.
     */
    private void clip(Path out, int width, int height, int seconds) {
        ffmpeg(clipInputs(width, height, 3, "libx264", "-preset", "veryfast", "-crf", "21", "-g", "60",
                "-t", Integer.toString(seconds), "-c:a", "aac", "-b:a", "192k", "-f", "mp4", out.toString()));
    }

    /** Near the 120 MB upload limit: heavy grain, encoded nearly losslessly, cut at 110 MB. */
    private void bigClip(Path out) {
        ffmpeg(clipInputs(1920, 1080, 8, "libx264", "-preset", "ultrafast", "-crf", "17", "-g", "60",
                "-t", "30", "-fs", "110000000", "-c:a", "aac", "-b:a", "192k", "-f", "mp4", out.toString()));
    }

    private static String[] clipInputs(int width, int height, int grain, String codec, String... rest) {
        int patternWidth = width / 3;
        List<String> args = new ArrayList<>(List.of(
                "-f", "lavfi", "-i", "mandelbrot=s=640x360:r=30",
                "-f", "lavfi", "-i", "testsrc2=s=" + patternWidth + "x" + (patternWidth * 9 / 16 / 2 * 2) + ":r=30",
                "-f", "lavfi", "-i", "sine=f=220:sample_rate=48000",
                "-f", "lavfi", "-i", "sine=f=330:sample_rate=48000",
                "-filter_complex", "[0:v]scale=" + width + ":" + height + ":flags=bicubic[bg];"
                        + "[bg][1:v]overlay=x='mod(t*" + width / 16 + "," + (width - patternWidth) + ")':y="
                        + (height * 5 / 9) + "[v0];"
                        + "[v0]noise=alls=" + grain + ":allf=t,format=yuv420p[v];[2:a][3:a]amerge=inputs=2[a]",
                "-map", "[v]", "-map", "[a]", "-c:v", codec));
        args.addAll(List.of(rest));
        return args.toArray(String[]::new);
    }

    private void ffmpeg(String... args) {
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"));
        command.addAll(List.of(args));
        new Command(command).run(dir, TOOL_TIMEOUT);
    }

    private static void vips(Path work, String... args) {
        List<String> command = new ArrayList<>(List.of("vips"));
        command.addAll(List.of(args));
        new Command(command).run(work, TOOL_TIMEOUT);
    }

    private Path scratch(String name) {
        try {
            return Files.createTempDirectory(dir, name + "-work");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path tree) {
        try {
            DirectoryTrees.delete(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
