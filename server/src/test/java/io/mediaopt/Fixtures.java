package io.mediaopt;

import io.mediaopt.image.vips.VipsCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Every file the tests feed the service, made once per test run and then shared
 * ({@link FixtureFiles}): photo-like stills through the service's own libvips binding
 * ({@link VipsCommand}), animations and videos with ffmpeg's synthetic sources, and a few files
 * written by hand ({@link HandMadeBytes}). No binary fixture is committed. Files derived in a
 * test from these belong in the test's own directory.
 */
public final class Fixtures {
    private static final Path DIR = FixtureFiles.dir();

    private Fixtures() {}

    /** The directory the fixtures of this run are made in. */
    public static Path dir() {
        return FixtureFiles.dir();
    }

    // ---- stills

    /**
     * A photo-like colour JPEG, {@code photo-WxH.jpg}: smooth Perlin noise at three scales, one per
     * channel, so it compresses like a photograph rather than like noise or a flat colour. No metadata.
     */
    public static Path photoJpeg(int width, int height) {
        return FixtureFiles.make("photo-" + width + "x" + height + ".jpg", out -> {
            Path pixels = photoPixels(width, height);
            VipsCommand.run("copy", pixels.toString(), out + "[Q=90,strip]");
            Files.delete(pixels);
        });
    }

    /**
     * The same picture at a quarter of its brightness, {@code dark-WxH.jpg}: a night shot, most of
     * whose 8x8 blocks are dark, so quality per file scores its output.
     */
    public static Path darkPhotoJpeg(int width, int height) {
        return FixtureFiles.make("dark-" + width + "x" + height + ".jpg", out -> {
            Path pixels = photoPixels(width, height);
            Path dark = DIR.resolve("dark-" + width + "x" + height + ".tif");
            VipsCommand.run("linear", pixels.toString(), dark.toString(), "0.25", "0", "--uchar");
            VipsCommand.run("copy", dark.toString(), out + "[Q=90,strip]");
            Files.delete(pixels);
            Files.delete(dark);
        });
    }

    /** The same kind of picture as a lossless PNG, optionally with a half-transparent alpha channel. */
    public static Path photoPng(int width, int height, boolean alpha) {
        String name = "photo-" + width + "x" + height + (alpha ? "-alpha" : "");
        return FixtureFiles.make(name + ".png", out -> {
            Path pixels = photoPixels(width, height);
            Path withAlpha = DIR.resolve(name + ".tif");
            if (alpha) VipsCommand.run("bandjoin_const", pixels.toString(), withAlpha.toString(), "128");
            VipsCommand.run("copy", (alpha ? withAlpha : pixels).toString(), out + "[strip]");
            Files.delete(pixels);
            Files.deleteIfExists(withAlpha);
        });
    }

    /** A TIFF of {@code pages} pages, each the photo-like picture of {@link #photoJpeg}, as a scanner writes a document. */
    public static Path multiPageTiff(int width, int height, int pages) {
        return FixtureFiles.make("pages-" + width + "x" + height + "x" + pages + ".tif", out -> {
            Path page = photoPixels(width, height);
            Path stacked = DIR.resolve("stacked-" + pages + ".tif");
            VipsCommand.run("arrayjoin", String.join(" ", Collections.nCopies(pages, page.toString())),
                    stacked.toString(), "--across", "1");
            VipsCommand.run("tiffsave", stacked.toString(), out, "--page-height", String.valueOf(height));
            Files.delete(page);
            Files.delete(stacked);
        });
    }

    /** A screenshot-like PNG: ffmpeg's test pattern, 1280x720. */
    public static Path png() {
        return FixtureFiles.make("screen.png", out -> ffmpeg("-f", "lavfi", "-i", "testsrc2=s=1280x720", "-frames:v", "1", out));
    }

    /** A 1200x800 photo JPEG whose EXIF orientation (6) says: rotate 90° clockwise to show it. */
    public static Path rotatedJpeg() {
        Path photo = photoJpeg(1200, 800);
        return FixtureFiles.make("rotated.jpg", out -> withExif(photo, Path.of(out), 6));
    }

    /** An animated GIF of 320x240, 20 frames at 10 a second. */
    public static Path animatedGif() {
        return animatedGif(320, 240, 20);
    }

    /** An animated GIF of ffmpeg's test pattern, 10 frames a second, looping. */
    public static Path animatedGif(int width, int height, int frames) {
        return FixtureFiles.make("anim-" + width + "x" + height + "-" + frames + ".gif", out -> ffmpeg(
                "-f", "lavfi", "-i", "testsrc=size=" + width + "x" + height + ":rate=10",
                "-frames:v", String.valueOf(frames), "-loop", "0", out));
    }

    /** The animated GIF of the same size and frames as an animated WebP. */
    public static Path animatedWebp(int width, int height, int frames) {
        Path gif = animatedGif(width, height, frames);
        return FixtureFiles.make("anim-" + width + "x" + height + "-" + frames + ".webp",
                out -> VipsCommand.run("copy", gif + "[n=-1]", out));
    }

    /** A red rectangle as SVG, a format the service refuses. */
    public static Path svg() {
        return FixtureFiles.make("drawing.svg", out -> Files.writeString(Path.of(out), """
                <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
                  <rect width="200" height="100" fill="red"/>
                </svg>
                """));
    }

    /** {@link #pngDeclaring} as a file. */
    public static Path pngDeclaringFile(int width, int height) {
        return FixtureFiles.make("declares-" + width + "x" + height + ".png",
                out -> Files.write(Path.of(out), pngDeclaring(width, height)));
    }

    /**
     * A PNG whose header declares {@code width} x {@code height} RGB pixels but holds one empty
     * IDAT: reading it past the header would fail, so a limit error proves nothing was decoded.
     */
    public static byte[] pngDeclaring(int width, int height) {
        return HandMadeBytes.pngDeclaring(width, height);
    }

    /** A copy of a JPEG that carries EXIF: an orientation and a GPS position (48°51'N). */
    public static Path withExif(Path jpeg, Path out, int orientation) throws IOException {
        return Files.write(out, HandMadeBytes.withExif(Files.readAllBytes(jpeg), orientation));
    }

    /** A JPEG with an APP1 Exif segment holding only the Orientation tag right after SOI. */
    public static byte[] withExifOrientation(byte[] jpeg, int orientation) {
        return HandMadeBytes.withExifOrientation(jpeg, orientation);
    }

    /** A JPEG with a segment {@code marker} holding {@code payload} right after SOI. */
    public static byte[] withSegment(byte[] jpeg, int marker, byte[] payload) {
        return HandMadeBytes.withSegment(jpeg, marker, payload);
    }

    /** A JPEG with a COM (comment) segment holding {@code text} right after SOI. */
    public static byte[] withComment(byte[] jpeg, String text) {
        return HandMadeBytes.withComment(jpeg, text);
    }

    /** Bytes that start like a JPEG and then stop. */
    public static byte[] truncatedJpeg() throws IOException {
        return Arrays.copyOf(Files.readAllBytes(photoJpeg(640, 480)), 600);
    }

    /** The first {@code fraction} of a file, as an interrupted upload would leave it. */
    public static Path truncated(Path file, Path out, double fraction) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return Files.write(out, Arrays.copyOf(bytes, (int) (bytes.length * fraction)));
    }

    // ---- videos

    /** H.264/AAC MP4, 2 s, 1280x720, at a high bitrate so it can shrink. */
    public static Path mp4WithAudio() {
        return video("clip.mp4", "1280x720", 30, 2, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-c:a", "aac", "-b:a", "256k");
    }

    /** An MP4 without any audio stream. */
    public static Path mp4WithoutAudio() {
        return video("silent.mp4", "960x540", 30, 2, false, "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10");
    }

    /** A QuickTime MOV with Motion-JPEG video and PCM audio, as cameras write. */
    public static Path mov() {
        return video("camera.mov", "1280x720", 30, 2, true, "-c:v", "mjpeg", "-q:v", "3", "-c:a", "pcm_s16le");
    }

    /** A VP8/Vorbis WebM at a high bitrate. */
    public static Path webm() {
        return video("clip.webm", "854x480", 30, 2, true,
                "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "6M", "-c:a", "libvorbis");
    }

    /** A 1-second 160x120 MP4, as short as the clip a motion photo appends to its still. */
    public static Path shortClip() {
        return video("short.mp4", "160x120", 15, 1, false, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p");
    }

    /** A minute of 854x480 H.264 without sound: its encode is still running seconds after it starts. */
    public static Path minuteLongMp4() {
        return video("long.mp4", "854x480", 25, 60, false,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p");
    }

    /** H.264 at a very low CRF, 25 frames a second: a large MP4, like a camera's. */
    public static Path highBitrateMp4(String name, String size, double seconds, boolean audio) {
        return video(name, size, 25, seconds, audio, "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10",
                "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k");
    }

    /**
     * ffmpeg's moving test pattern of {@code size} (WxH, odd sizes too) for {@code seconds}, with
     * a 440 Hz tone when {@code audio}, encoded with {@code encoding} into a file called
     * {@code name}, whose extension picks the container. The same name with other settings is
     * another file.
     */
    public static Path video(String name, String size, int fps, double seconds, boolean audio, String... encoding) {
        List<String> settings = new ArrayList<>(List.of(size, fps + "fps", seconds + "s", audio ? "audio" : "silent"));
        settings.addAll(List.of(encoding));
        return FixtureFiles.make("video-" + Integer.toHexString(settings.hashCode()) + "/" + name, out -> {
            int width = Integer.parseInt(size.split("x")[0]);
            int height = Integer.parseInt(size.split("x")[1]);
            String source = "testsrc2=size=" + size + ":rate=" + fps + ":duration=" + seconds;
            if (width % 2 != 0 || height % 2 != 0) {
                // testsrc2 draws even sizes only, and 4:2:0 cannot be cropped to odd ones: crop in 4:4:4
                source = "testsrc2=size=" + (width + 1) + "x" + (height + 1) + ":rate=" + fps + ":duration=" + seconds
                        + ",format=yuv444p,crop=" + width + ":" + height + ":0:0";
            }
            List<String> args = new ArrayList<>(List.of("-f", "lavfi", "-i", source));
            if (audio) args.addAll(List.of("-f", "lavfi", "-i", "sine=f=440:sample_rate=48000:d=" + seconds));
            args.addAll(settings.subList(4, settings.size()));
            args.add(out);
            ffmpeg(args.toArray(String[]::new));
        });
    }

    // ---- making

    /** Runs ffmpeg quietly with these arguments; throws with its output when it fails. */
    public static void ffmpeg(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-y", "-hide_banner", "-loglevel", "error"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("ffmpeg failed: " + command + "\n" + output);
        }
    }

    /** Three bands of Perlin noise joined as sRGB, as a TIFF for the caller to encode and delete. */
    private static Path photoPixels(int width, int height) throws IOException {
        String name = "pixels-" + width + "x" + height;
        List<String> bands = new ArrayList<>();
        int[] cells = {256, 96, 32};
        for (int i = 0; i < cells.length; i++) {
            Path band = DIR.resolve(name + "-band" + i + ".tif");
            VipsCommand.run("perlin", band.toString(), String.valueOf(width), String.valueOf(height),
                    "--cell-size", String.valueOf(cells[i]), "--uchar", "--seed", String.valueOf(i + 7));
            bands.add(band.toString());
        }
        Path rgb = DIR.resolve(name + "-rgb.tif");
        VipsCommand.run("bandjoin", String.join(" ", bands), rgb.toString());
        for (String band : bands) Files.delete(Path.of(band));
        // tag the pixels as sRGB colour rather than three unrelated bands
        Path srgb = DIR.resolve(name + ".tif");
        VipsCommand.run("copy", rgb.toString(), srgb.toString(), "--interpretation", "srgb");
        Files.delete(rgb);
        return srgb;
    }
}
