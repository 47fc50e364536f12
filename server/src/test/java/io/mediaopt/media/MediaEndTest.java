package io.mediaopt.media;

import io.mediaopt.Fixtures;
import io.mediaopt.image.vips.VipsCommand;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeout;

/**
 * The walk finds the end of files as encoders write them, whatever follows, and the
 * never-bigger rule sees anything after that end as trailing data.
 */
class MediaEndTest {
    private static final byte[] TAIL = "PK\u0003\u0004<script>alert(1)</script>".getBytes(StandardCharsets.ISO_8859_1);

    @TempDir
    static Path dir;
    static Map<String, Path> wellFormed;

    @BeforeAll
    static void makeFiles() throws Exception {
        wellFormed = wellFormed();
    }

    @Test
    void filesAsEncodersWriteThemEndWithTheirMedia() throws Exception {
        for (var entry : wellFormed.entrySet()) {
            Path file = entry.getValue();
            MediaFormat format = format(entry.getKey());
            assertThat(MediaEnd.of(file, format)).as(entry.getKey()).hasValue(Files.size(file));
            assertThat(TrailingData.isAbsent(file, format)).as(entry.getKey()).isTrue();
        }
    }

    @Test
    void anythingAppendedFollowsTheEndAndIsTrailingData() throws Exception {
        for (var entry : wellFormed.entrySet()) {
            Path file = entry.getValue();
            MediaFormat format = format(entry.getKey());
            Path polyglot = appended(file, TAIL);
            assertThat(MediaEnd.of(polyglot, format)).as(entry.getKey()).hasValue(Files.size(file));
            assertThat(TrailingData.isAbsent(polyglot, format)).as(entry.getKey()).isFalse();
        }
    }

    @Test
    void aJpegEndsAtItsFirstEoiEvenWhenAnotherJpegFollows() throws Exception {
        Path jpeg = wellFormed.get("jpeg");
        Path twoImages = appended(jpeg, Files.readAllBytes(wellFormed.get("progressive jpeg")));
        assertThat(MediaEnd.of(twoImages, MediaFormat.JPEG)).hasValue(Files.size(jpeg));
    }

    @Test
    void aFileThatEndsBeforeItsMediaHasNoEnd() throws Exception {
        for (String name : new String[]{"jpeg", "progressive jpeg", "png", "animated gif", "webp"}) {
            byte[] whole = Files.readAllBytes(wellFormed.get(name));
            Path cut = Files.write(dir.resolve("cut-" + name), Arrays.copyOf(whole, whole.length - 5));
            assertThat(MediaEnd.of(cut, format(name))).as(name).isEmpty();
        }
    }

    @Test
    void aFormatWithoutAKnownEndOrAMissingFileHasNone() throws Exception {
        Path tiff = dir.resolve("a.tiff");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=32x32", "-frames:v", "1", tiff.toString());
        assertThat(MediaEnd.of(tiff, MediaFormat.TIFF)).isEmpty();
        assertThat(TrailingData.isAbsent(tiff, MediaFormat.TIFF)).isFalse();
        assertThat(MediaEnd.of(dir.resolve("missing.jpg"), MediaFormat.JPEG)).isEmpty();
        assertThat(TrailingData.isAbsent(dir.resolve("missing.jpg"), MediaFormat.JPEG)).isFalse();
    }

    @Test
    void aWebmOfUnknownLengthHasNoEnd() throws Exception {
        Path live = dir.resolve("live.webm");
        // written to a pipe, the muxer cannot go back to fill in the segment's size
        Process p = new ProcessBuilder("sh", "-c", "ffmpeg -v error -f lavfi -i testsrc2=s=64x48:d=1 -c:v libvpx "
                + "-deadline realtime -f webm - > '" + live + "'").start();
        assertThat(p.waitFor()).isZero();
        assertThat(MediaEnd.of(live, MediaFormat.WEBM)).isEmpty();
        assertThat(TrailingData.isAbsent(live, MediaFormat.WEBM)).isFalse();
    }

    @Test
    void aTenMegabyteJpegIsWalkedWithinASecond() throws Exception {
        Path big = dir.resolve("big.jpg");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=4800x3600", "-vf", "noise=alls=40:allf=u",
                "-frames:v", "1", "-q:v", "1", big.toString());
        assertThat(Files.size(big)).isGreaterThan(9_000_000);
        MediaEnd.of(big, MediaFormat.JPEG); // warm up
        OptionalLong end = assertTimeout(Duration.ofSeconds(1), () -> MediaEnd.of(big, MediaFormat.JPEG));
        assertThat(end).hasValue(Files.size(big));
    }

    @Test
    void theJpegVariantsHaveSeveralScansAndRestartMarkers() throws Exception {
        byte[] progressive = Files.readAllBytes(wellFormed.get("progressive jpeg"));
        assertThat(count(progressive, 0xDA)).as("scans").isGreaterThan(1);
        assertThat(count(Files.readAllBytes(wellFormed.get("restart-marked jpeg")), 0xD0)).as("RST0").isPositive();
    }

    /** The key names the variant; its last word is the format. */
    private static MediaFormat format(String key) {
        return MediaFormat.fromShortName(key.substring(key.lastIndexOf(' ') + 1)).orElseThrow();
    }

    private static int count(byte[] jpeg, int marker) {
        int n = 0;
        for (int i = 0; i + 1 < jpeg.length; i++) if ((jpeg[i] & 0xFF) == 0xFF && (jpeg[i + 1] & 0xFF) == marker) n++;
        return n;
    }

    private static Path appended(Path file, byte[] tail) throws IOException {
        Path copy = dir.resolve("appended-" + file.getFileName());
        Files.write(copy, Files.readAllBytes(file));
        Files.write(copy, tail, StandardOpenOption.APPEND);
        return copy;
    }

    private static Map<String, Path> wellFormed() throws Exception {
        Path photo = Fixtures.photoJpeg(64, 48);
        Map<String, Path> files = new LinkedHashMap<>();
        files.put("jpeg", photo);
        files.put("progressive jpeg", vips(photo, "progressive.jpg[interlace]"));
        files.put("restart-marked jpeg", vips(photo, "restarts.jpg[restart-interval=1]"));
        files.put("png", Fixtures.png());
        files.put("animated gif", Fixtures.animatedGif());
        files.put("webp", vips(photo, "a.webp"));
        files.put("avif", vips(photo, "a.avif"));
        files.put("mp4", Fixtures.mp4WithoutAudio());
        files.put("mov", Fixtures.mov());
        files.put("webm", Fixtures.webm());
        return files;
    }

    private static Path vips(Path input, String output) {
        VipsCommand.run("copy", input.toString(), dir.resolve(output).toString());
        return dir.resolve(output.replaceFirst("\\[.*", ""));
    }
}
