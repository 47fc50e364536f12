package io.mediaopt.image;

import io.mediaopt.Fixtures;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Makes the images the tests need with the real tools: the vips command line for photo-like
 * stills, ffmpeg for animations, and a few bytes written by hand where a file has to lie about
 * itself (a PNG header declaring huge dimensions, EXIF with GPS and orientation).
 */
final class TestImages {
    private TestImages() {}

    /**
     * A photo-like colour JPEG: smooth Perlin noise at three scales, one per channel, so it
     * compresses like a photograph rather than like noise or a flat colour. No metadata.
     */
    static Path photoJpeg(Path dir, String name, int width, int height) {
        Path rgb = photoPixels(dir, name, width, height);
        Path jpeg = dir.resolve(name + ".jpg");
        run("vips", "copy", rgb.toString(), jpeg + "[Q=90,strip]");
        return jpeg;
    }

    /** The same kind of picture as a lossless PNG, optionally with an alpha channel. */
    static Path photoPng(Path dir, String name, int width, int height, boolean alpha) {
        Path rgb = photoPixels(dir, name, width, height);
        Path png = dir.resolve(name + ".png");
        if (alpha) {
            Path withAlpha = dir.resolve(name + "-alpha.v");
            run("vips", "bandjoin_const", rgb.toString(), withAlpha.toString(), "128");
            rgb = withAlpha;
        }
        run("vips", "copy", rgb.toString(), png + "[strip]");
        return png;
    }

    /** An animated GIF of ffmpeg's test pattern, 10 frames a second. */
    static Path animatedGif(Path dir, String name, int width, int height, int frames) {
        Path gif = dir.resolve(name + ".gif");
        run("ffmpeg", "-v", "error", "-f", "lavfi",
                "-i", "testsrc=size=" + width + "x" + height + ":rate=10",
                "-frames:v", String.valueOf(frames), "-loop", "0", "-y", gif.toString());
        return gif;
    }

    /** An animated WebP made from an animated GIF. */
    static Path animatedWebp(Path dir, Path gif, String name) {
        Path webp = dir.resolve(name + ".webp");
        run("vips", "copy", gif + "[n=-1]", webp.toString());
        return webp;
    }

    /** A copy of a JPEG that carries EXIF: an orientation and a GPS position (48°51'N). */
    static Path withExif(Path jpeg, Path out, int orientation) throws IOException {
        byte[] image = Files.readAllBytes(jpeg);
        byte[] app1 = exifSegment(orientation);
        byte[] result = new byte[image.length + app1.length];
        System.arraycopy(image, 0, result, 0, 2); // SOI
        System.arraycopy(app1, 0, result, 2, app1.length);
        System.arraycopy(image, 2, result, 2 + app1.length, image.length - 2);
        return Files.write(out, result);
    }

    /** {@link Fixtures#pngDeclaring} as a file. */
    static Path pngDeclaring(Path dir, String name, int width, int height) throws IOException {
        return Files.write(dir.resolve(name + ".png"), Fixtures.pngDeclaring(width, height));
    }

    static Path svg(Path dir) throws IOException {
        return Files.writeString(dir.resolve("drawing.svg"), """
                <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
                  <rect width="200" height="100" fill="red"/>
                </svg>
                """);
    }

    /** The first {@code fraction} of a file, as an interrupted upload would leave it. */
    static Path truncated(Path file, Path out, double fraction) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return Files.write(out, Arrays.copyOf(bytes, (int) (bytes.length * fraction)));
    }

    private static Path photoPixels(Path dir, String name, int width, int height) {
        List<String> bands = new ArrayList<>();
        int[] cells = {256, 96, 32};
        for (int i = 0; i < cells.length; i++) {
            Path band = dir.resolve(name + "-band" + i + ".v");
            run("vips", "perlin", band.toString(), String.valueOf(width), String.valueOf(height),
                    "--cell-size", String.valueOf(cells[i]), "--uchar", "--seed", String.valueOf(i + 7));
            bands.add(band.toString());
        }
        Path rgb = dir.resolve(name + "-rgb.v");
        run("vips", "bandjoin", String.join(" ", bands), rgb.toString());
        // tag the pixels as sRGB colour rather than three unrelated bands
        Path srgb = dir.resolve(name + "-srgb.v");
        run("vips", "copy", rgb.toString(), srgb.toString(), "--interpretation", "srgb");
        return srgb;
    }

    /** APP1 "Exif" segment, big-endian TIFF: IFD0 (Orientation, GPS pointer) and a GPS IFD. */
    private static byte[] exifSegment(int orientation) {
        ByteBuffer tiff = ByteBuffer.allocate(92);
        tiff.put((byte) 'M').put((byte) 'M').putShort((short) 42).putInt(8);
        tiff.putShort((short) 2);                                   // IFD0 at 8: two entries
        entry(tiff, 0x0112, 3, 1, orientation << 16);               // Orientation, SHORT
        entry(tiff, 0x8825, 4, 1, 38);                              // GPS IFD pointer, LONG
        tiff.putInt(0);                                             // no IFD1
        tiff.putShort((short) 2);                                   // GPS IFD at 38
        entry(tiff, 0x0001, 2, 2, 'N' << 24);                       // GPSLatitudeRef "N"
        entry(tiff, 0x0002, 5, 3, 68);                              // GPSLatitude, 3 RATIONAL at 68
        tiff.putInt(0);
        tiff.putInt(48).putInt(1).putInt(51).putInt(1).putInt(24).putInt(1);
        byte[] header = "Exif\0\0".getBytes(StandardCharsets.ISO_8859_1);
        int length = 2 + header.length + tiff.capacity();
        ByteBuffer segment = ByteBuffer.allocate(2 + length);
        segment.put((byte) 0xFF).put((byte) 0xE1).putShort((short) length).put(header).put(tiff.array());
        return segment.array();
    }

    private static void entry(ByteBuffer ifd, int tag, int type, int count, int value) {
        ifd.putShort((short) tag).putShort((short) type).putInt(count).putInt(value);
    }

    static void run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command[0], e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
