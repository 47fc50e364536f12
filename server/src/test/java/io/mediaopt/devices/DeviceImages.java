package io.mediaopt.devices;

import io.mediaopt.Fixtures;
import io.mediaopt.image.ColourPatches;
import io.mediaopt.image.vips.VipsCommand;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Stills shaped like what phones, cameras and apps write; see {@link DeviceFiles}. */
public final class DeviceImages {
    /** The upright picture of the orientation files: 480x320, red marker top left. */
    static final int UPRIGHT_WIDTH = 480;
    static final int UPRIGHT_HEIGHT = 320;

    private DeviceImages() {}

    /**
     * A camera JPEG whose EXIF orientation is {@code orientation} (1 to 8), its pixels stored so
     * that applying the orientation shows {@link #UPRIGHT_WIDTH}x{@link #UPRIGHT_HEIGHT} upright.
     */
    public static Path exifOrientation(int orientation) {
        // the stored pixels are the upright picture put through the orientation's inverse
        String stored = switch (orientation) {
            case 1 -> "null";
            case 2 -> "hflip";
            case 3 -> "hflip,vflip";
            case 4 -> "vflip";
            case 5 -> "transpose=cclock_flip";
            case 6 -> "transpose=cclock";
            case 7 -> "transpose=clock_flip";
            case 8 -> "transpose=clock";
            default -> throw new IllegalArgumentException("Expected an orientation 1 to 8 but received " + orientation);
        };
        return DeviceFiles.make("orientation-" + orientation + ".jpg", out -> {
            Path plain = Fixtures.dir().resolve("device-orientation-plain-" + orientation + ".jpg");
            Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=" + UPRIGHT_WIDTH + "x" + UPRIGHT_HEIGHT + "," + DeviceFiles.MARKER
                    + "," + stored, "-frames:v", "1", "-q:v", "2", plain.toString());
            Files.write(Path.of(out), Fixtures.withExifOrientation(Files.readAllBytes(plain), orientation));
        });
    }

    /** An iPhone-style HEIC (HEVC in HEIF), 1008x756, red marker top left. */
    public static Path heic() {
        return DeviceFiles.make("iphone.heic", out -> {
            Path png = upright("heic-source", 1008, 756);
            VipsCommand.run("copy", png.toString(), out + "[compression=hevc,Q=85]");
        });
    }

    /** The colour patches tagged with {@code profile} (p3, cmyk, or an ICC file), as a phone or camera writes them. */
    public static Path patches(String name, String profile) {
        return DeviceFiles.make("patches-" + name + ".jpg", out -> {
            Path pixels = ColourPatches.make(Fixtures.dir());
            Path made = profile.equals("cmyk") ? cmyk(pixels, name) : ColourPatches.tagged(Fixtures.dir(), pixels, profile, name);
            Files.copy(made, Path.of(out));
        });
    }

    private static Path cmyk(Path pixels, String name) {
        Path out = Fixtures.dir().resolve(name + ".jpg");
        VipsCommand.run("icc_transform", pixels.toString(), out + "[Q=95,strip=false]", "cmyk");
        return out;
    }

    /** A 16-bit RGB PNG, as raw converters and design tools export, 800x600. */
    public static Path png16() {
        return DeviceFiles.make("rgb48.png", out -> Fixtures.ffmpeg("-f", "lavfi", "-i",
                "testsrc2=s=800x600," + DeviceFiles.MARKER, "-frames:v", "1", "-pix_fmt", "rgb48be", out));
    }

    /** An RGBA PNG of the test pattern, its left half transparent or all of it opaque. */
    public static Path screenshot(String name, int width, int height, boolean leftHalfTransparent) {
        return DeviceFiles.make(name + ".png", out -> {
            String size = width + "x" + height;
            Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=" + size, "-f", "lavfi", "-i", "color=white:s=" + size,
                    "-filter_complex", "[1]format=gray" + (leftHalfTransparent ? ",drawbox=x=0:y=0:w=iw/2:h=ih:color=black:t=fill" : "")
                            + "[a];[0]format=rgba[c];[c][a]alphamerge",
                    "-frames:v", "1", out);
        });
    }

    /** An animated GIF, 10 frames, its left half transparent (a sticker or reaction GIF). */
    public static Path transparentGif() {
        return DeviceFiles.make("sticker.gif", out -> Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=320x240:r=10:d=1",
                "-f", "lavfi", "-i", "color=white:s=320x240:r=10:d=1", "-filter_complex",
                "[1]format=gray,drawbox=x=0:y=0:w=iw/2:h=ih:color=black:t=fill[a];[0]format=rgba[c];[c][a]alphamerge,"
                        + "split[x][y];[x]palettegen=reserve_transparent=1[p];[y][p]paletteuse=alpha_threshold=128",
                out));
    }

    /** A scanner's multi-page TIFF: three 640x360 pages. */
    public static Path multiPageTiff() {
        return DeviceFiles.make("scan.tif", out -> {
            Path page = upright("page", 640, 360);
            VipsCommand.run("arrayjoin", page + " " + page + " " + page, out + "[page-height=360]", "--across", "1");
        });
    }

    /**
     * A Google/Samsung motion photo: a JPEG whose XMP says a short MP4 follows it, and the MP4
     * appended after the JPEG's end.
     */
    public static Path motionPhoto() {
        return DeviceFiles.make("motion-photo.jpg", out -> {
            Path still = upright("motion-still", 800, 600);
            Path jpeg = Fixtures.dir().resolve("device-motion-still.jpg");
            Fixtures.ffmpeg("-i", still.toString(), "-q:v", "2", jpeg.toString());
            byte[] video = Files.readAllBytes(Fixtures.shortClip());
            String xmp = "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF"
                    + " xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description"
                    + " xmlns:GCamera=\"http://ns.google.com/photos/1.0/camera/\" GCamera:MotionPhoto=\"1\""
                    + " GCamera:MotionPhotoVersion=\"1\" GCamera:MicroVideoOffset=\"" + video.length
                    + "\"/></rdf:RDF></x:xmpmeta>";
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            file.writeBytes(Fixtures.withSegment(Files.readAllBytes(jpeg), 0xE1, xmp.getBytes(StandardCharsets.UTF_8)));
            file.writeBytes(video);
            Files.write(Path.of(out), file.toByteArray());
        });
    }

    /** An upright PNG of the test pattern with the red marker. */
    private static Path upright(String name, int width, int height) throws Exception {
        Path png = Fixtures.dir().resolve("device-" + name + ".png");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=" + width + "x" + height + "," + DeviceFiles.MARKER,
                "-frames:v", "1", png.toString());
        return png;
    }
}
