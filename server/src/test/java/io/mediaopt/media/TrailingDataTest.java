package io.mediaopt.media;

import io.mediaopt.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Files as encoders write them end with their media; anything appended is found. */
class TrailingDataTest {
    private static final byte[] TAIL = "PK\u0003\u0004<script>alert(1)</script>".getBytes(StandardCharsets.ISO_8859_1);

    @TempDir
    Path dir;

    @Test
    void filesAsEncodersWriteThemHaveNoTrailingData() throws Exception {
        for (var entry : wellFormed().entrySet()) {
            assertThat(TrailingData.isAbsent(entry.getValue(), entry.getKey())).as(entry.getKey()).isTrue();
        }
    }

    @Test
    void anythingAppendedIsTrailingData() throws Exception {
        for (var entry : wellFormed().entrySet()) {
            Path polyglot = dir.resolve("polyglot-" + entry.getValue().getFileName());
            Files.write(polyglot, Files.readAllBytes(entry.getValue()));
            Files.write(polyglot, TAIL, java.nio.file.StandardOpenOption.APPEND);
            assertThat(TrailingData.isAbsent(polyglot, entry.getKey())).as(entry.getKey()).isFalse();
        }
    }

    @Test
    void aFormatItCannotCheckCountsAsHavingTrailingData() throws Exception {
        Path tiff = dir.resolve("a.tiff");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=32x32", "-frames:v", "1", tiff.toString());
        assertThat(TrailingData.isAbsent(tiff, "tiff")).isFalse();
        assertThat(TrailingData.isAbsent(dir.resolve("missing.jpg"), "jpeg")).isFalse();
    }

    @Test
    void aWebmOfUnknownLengthCannotBeChecked() throws Exception {
        Path live = dir.resolve("live.webm");
        // written to a pipe, the muxer cannot go back to fill in the segment's size
        Process p = new ProcessBuilder("sh", "-c", "ffmpeg -v error -f lavfi -i testsrc2=s=64x48:d=1 -c:v libvpx "
                + "-deadline realtime -f webm - > '" + live + "'").start();
        assertThat(p.waitFor()).isZero();
        assertThat(TrailingData.isAbsent(live, "webm")).isFalse();
    }

    private Map<String, Path> wellFormed() throws Exception {
        Map<String, Path> files = new LinkedHashMap<>();
        files.put("jpeg", Fixtures.photoJpeg(64, 48));
        files.put("png", Fixtures.png());
        files.put("gif", Fixtures.animatedGif());
        files.put("mp4", Fixtures.mp4WithoutAudio());
        files.put("mov", Fixtures.mov());
        files.put("webm", Fixtures.webm());
        Path webp = dir.resolve("a.webp");
        run("vips", "copy", Fixtures.photoJpeg(64, 48).toString(), webp.toString());
        files.put("webp", webp);
        Path avif = dir.resolve("a.avif");
        run("vips", "copy", Fixtures.photoJpeg(64, 48).toString(), avif.toString());
        files.put("avif", avif);
        return files;
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor()).as(String.join(" ", command)).isZero();
    }
}
