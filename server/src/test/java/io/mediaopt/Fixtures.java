package io.mediaopt;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

/**
 * Media the tests feed the service, generated once per test run with ffmpeg's synthetic
 * sources, so no binary fixture needs to be committed.
 */
public final class Fixtures {
    private static final Path DIR = createDir();
    private static final ConcurrentHashMap<String, Path> MADE = new ConcurrentHashMap<>();

    private Fixtures() {}

    /** A noisy, photo-like JPEG at high quality. */
    public static Path photoJpeg(int width, int height) {
        return make("photo-" + width + "x" + height + ".jpg", out -> ffmpeg(
                "-f", "lavfi", "-i", "testsrc2=s=" + width + "x" + height,
                "-vf", "noise=alls=12:allf=u,gblur=sigma=1", "-frames:v", "1", "-q:v", "2", out));
    }

    /**
     * A PNG whose header declares {@code width} x {@code height} RGB pixels but holds one empty
     * IDAT: reading it past the header would fail, so a limit error proves nothing was decoded.
     */
    public static byte[] pngDeclaring(int width, int height) {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
        ByteBuffer ihdr = ByteBuffer.allocate(13)
                .putInt(width).putInt(height)
                .put((byte) 8)  // bit depth
                .put((byte) 2)  // colour type: RGB
                .put((byte) 0).put((byte) 0).put((byte) 0);
        pngChunk(png, "IHDR", ihdr.array());
        pngChunk(png, "IDAT", new byte[] {0x78, (byte) 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01});
        pngChunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    private static void pngChunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    /** A screenshot-like PNG. */
    public static Path png() {
        return make("screen.png", out -> ffmpeg("-f", "lavfi", "-i", "testsrc2=s=1280x720", "-frames:v", "1", out));
    }

    /** A 2-second, 10 fps animated GIF. */
    public static Path animatedGif() {
        return make("anim.gif", out -> ffmpeg("-f", "lavfi", "-i", "testsrc2=s=320x240:r=10:d=2", out));
    }

    /** A 1200x800 JPEG whose EXIF orientation (6) says: rotate 90° clockwise to show it. */
    public static Path rotatedJpeg() {
        return make("rotated.jpg", out -> {
            Path plain = DIR.resolve("unrotated.jpg");
            ffmpeg("-f", "lavfi", "-i", "testsrc2=s=1200x800", "-frames:v", "1", "-q:v", "2", plain.toString());
            Files.write(Path.of(out), withExifOrientation(Files.readAllBytes(plain), 6));
        });
    }

    /** H.264/AAC MP4, 2 s, 1280x720, at a high bitrate so it can shrink. */
    public static Path mp4WithAudio() {
        return make("clip.mp4", out -> ffmpeg(concat(videoSource(1280, 720), audioSource(),
                List.of("-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-c:a", "aac", "-b:a", "256k", out))));
    }

    /** An MP4 without any audio stream. */
    public static Path mp4WithoutAudio() {
        return make("silent.mp4", out -> ffmpeg(concat(videoSource(960, 540),
                List.of("-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", out))));
    }

    /** A QuickTime MOV with Motion-JPEG video and PCM audio, as cameras write. */
    public static Path mov() {
        return make("camera.mov", out -> ffmpeg(concat(videoSource(1280, 720), audioSource(),
                List.of("-c:v", "mjpeg", "-q:v", "3", "-c:a", "pcm_s16le", out))));
    }

    /** A VP8/Vorbis WebM at a high bitrate. */
    public static Path webm() {
        return make("clip.webm", out -> ffmpeg(concat(videoSource(854, 480), audioSource(),
                List.of("-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "6M",
                        "-c:a", "libvorbis", out))));
    }

    /** A 1-second 160x120 MP4, as short as the clip a motion photo appends to its still. */
    public static Path shortClip() {
        return make("short.mp4", out -> ffmpeg("-f", "lavfi", "-i", "testsrc2=s=160x120:r=15:d=1",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", out));
    }

    /** Bytes that start like a JPEG and then stop. */
    public static byte[] truncatedJpeg() throws IOException {
        byte[] whole = Files.readAllBytes(photoJpeg(640, 480));
        return java.util.Arrays.copyOf(whole, 600);
    }

    public static Path dir() {
        return DIR;
    }

    private static List<String> videoSource(int width, int height) {
        return List.of("-f", "lavfi", "-i", "testsrc2=s=" + width + "x" + height + ":r=30:d=2");
    }

    private static List<String> audioSource() {
        return List.of("-f", "lavfi", "-i", "sine=f=440:d=2:sample_rate=48000");
    }

    @SafeVarargs
    private static String[] concat(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> p : parts) all.addAll(p);
        return all.toArray(String[]::new);
    }

    /** Inserts an APP1 Exif segment holding only the Orientation tag right after SOI. */
    static byte[] withExifOrientation(byte[] jpeg, int orientation) {
        ByteBuffer exif = ByteBuffer.allocate(6 + 26);
        exif.put(new byte[]{'E', 'x', 'i', 'f', 0, 0})
                .put(new byte[]{'M', 'M', 0, 42}).putInt(8)
                .putShort((short) 1)
                .putShort((short) 0x0112).putShort((short) 3).putInt(1).putShort((short) orientation).putShort((short) 0)
                .putInt(0);
        return withSegment(jpeg, 0xE1, exif.array());
    }

    /** Inserts a COM (comment) segment holding {@code text} right after SOI. */
    public static byte[] withComment(byte[] jpeg, String text) {
        return withSegment(jpeg, 0xFE, text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static byte[] withSegment(byte[] jpeg, int marker, byte[] payload) {
        ByteBuffer out = ByteBuffer.allocate(jpeg.length + 4 + payload.length);
        out.put(jpeg, 0, 2).put((byte) 0xFF).put((byte) marker).putShort((short) (2 + payload.length)).put(payload)
                .put(jpeg, 2, jpeg.length - 2);
        return out.array();
    }

    private interface Maker {
        void make(String out) throws Exception;
    }

    private static Path make(String name, Maker maker) {
        return MADE.computeIfAbsent(name, n -> {
            Path out = DIR.resolve(n);
            try {
                maker.make(out.toString());
            } catch (Exception e) {
                throw new IllegalStateException("Cannot make fixture " + n, e);
            }
            return out;
        });
    }

    public static void ffmpeg(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-y", "-hide_banner", "-loglevel", "error"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("ffmpeg failed: " + command + "\n" + output);
        }
    }

    private static Path createDir() {
        try {
            Path dir = Files.createTempDirectory("mediaopt-fixtures");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
