package io.mediaopt.media;

import io.mediaopt.Fixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.Random;

import static io.mediaopt.media.AppendedFiles.concat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A foreign file after the media, at the end of the file or in its head is found; what cameras write is not. */
class PolyglotsTest {
    @TempDir
    static Path dir;
    static byte[] photo;
    static byte[] preview;
    static byte[] clip;

    @BeforeAll
    static void makeFiles() throws Exception {
        photo = Files.readAllBytes(Fixtures.photoJpeg(64, 48));
        preview = Fixtures.withComment(Files.readAllBytes(Fixtures.photoJpeg(32, 24)), "preview");
        clip = Files.readAllBytes(Fixtures.shortClip());
    }

    @Test
    void eachForeignFileAppendedToAJpegIsNamed() throws Exception {
        for (AppendedFiles.Foreign foreign : AppendedFiles.foreign()) {
            assertThat(otherFace(concat(photo, foreign.content()), "jpeg")).as(foreign.description())
                    .hasValue(foreign.description() + " appended");
        }
    }

    @Test
    void everyWalkedFormatCarryingAForeignFileIsFound() throws Exception {
        byte[] page = AppendedFiles.htmlPage();
        byte[] zip = AppendedFiles.zip();
        assertThat(otherFace(concat(bytes(Fixtures.png()), page), "png")).hasValue("an HTML page appended");
        assertThat(otherFace(concat(bytes(Fixtures.animatedGif()), zip), "gif")).hasValue("a ZIP archive appended");
        assertThat(otherFace(concat(webp(), page), "webp")).hasValue("an HTML page appended");
        assertThat(otherFace(concat(clip, page), "mp4")).hasValue("an HTML page appended");
        assertThat(otherFace(concat(bytes(Fixtures.webm()), AppendedFiles.pdf()), "webm"))
                .hasValue("a PDF document appended");
    }

    @Test
    void paddingDoesNotHideAForeignFile() throws Exception {
        assertThat(otherFace(concat(photo, new byte[4096], AppendedFiles.pdf()), "jpeg"))
                .hasValue("a PDF document appended");
        byte[] ffPadding = new byte[300];
        Arrays.fill(ffPadding, (byte) 0xFF);
        assertThat(otherFace(concat(photo, ffPadding, AppendedFiles.htmlPage()), "jpeg"))
                .hasValue("an HTML page appended");
    }

    @Test
    void mediaAppendedToMediaIsWalkedInTurn() throws Exception {
        assertThat(otherFace(concat(photo, preview, preview, AppendedFiles.pdf()), "jpeg"))
                .hasValue("a PDF document appended");
        assertThat(otherFace(concat(photo, clip, AppendedFiles.htmlPage()), "jpeg"))
                .hasValue("an HTML page appended");
    }

    @Test
    void aZipEndingTheFileIsFoundWhateverComesBeforeIt() throws Exception {
        byte[] zip = AppendedFiles.zip();
        // behind a vendor trailer the walk stops, and a TIFF's end is never found: ZIP readers start from the end
        assertThat(otherFace(concat(photo, AppendedFiles.vendorTrailer(), zip), "jpeg"))
                .hasValue("a ZIP archive appended");
        assertThat(otherFace(concat(tiff(), zip), "tiff")).hasValue("a ZIP archive appended");
    }

    @Test
    void aPdfHeaderInTheFirstKilobyteIsFound() throws Exception {
        byte[] commented = Fixtures.withComment(photo, "x".repeat(900) + "%PDF-1.4");
        assertThat(otherFace(commented, "jpeg")).hasValue("a PDF header in its first 1024 bytes");
    }

    @Test
    void whatCamerasWriteIsNoPolyglot() throws Exception {
        byte[] ffPadding = new byte[4096];
        Arrays.fill(ffPadding, (byte) 0xFF);
        byte[] vendorBytes = new byte[2048];
        new Random(7).nextBytes(vendorBytes);
        vendorBytes[0] = 'V';
        assertThat(otherFace(photo, "jpeg")).isEmpty();
        assertThat(otherFace(concat(photo, new byte[4096]), "jpeg")).as("zero padding").isEmpty();
        assertThat(otherFace(concat(photo, ffPadding), "jpeg")).as("0xFF padding").isEmpty();
        assertThat(otherFace(concat(photo, preview, preview), "jpeg")).as("MPF previews").isEmpty();
        assertThat(otherFace(concat(photo, clip), "jpeg")).as("motion photo").isEmpty();
        byte[] samsung = concat(photo, AppendedFiles.ascii("MotionPhoto_Data"), clip, AppendedFiles.vendorTrailer());
        assertThat(otherFace(samsung, "jpeg")).as("Samsung motion photo").isEmpty();
        assertThat(otherFace(concat(photo, vendorBytes), "jpeg")).as("unknown trailer").isEmpty();
        assertThat(otherFace(concat(tiff(), AppendedFiles.htmlPage()), "tiff")).as("no known end").isEmpty();
        assertThat(otherFace(clip, "mp4")).isEmpty();
        assertThat(otherFace(bytes(Fixtures.png()), "png")).isEmpty();
        assertThat(otherFace(bytes(Fixtures.animatedGif()), "gif")).isEmpty();
        assertThat(otherFace(bytes(Fixtures.webm()), "webm")).isEmpty();
    }

    @Test
    void theRefusalSaysWhatWasFoundAndWhatToDo() throws Exception {
        Path polyglot = Files.write(dir.resolve("zipped.jpg"), concat(photo, AppendedFiles.zip()));
        MediaException refusal = catchThrowableOfType(MediaException.class,
                () -> Polyglots.refuse(polyglot, new Sniffed(MediaKind.IMAGE, "jpeg", "image/jpeg")));
        assertThat(refusal.status()).isEqualTo(415);
        assertThat(refusal.code()).isEqualTo("unsupported-type");
        assertThat(refusal).hasMessage(
                "The file is a JPEG image with a ZIP archive appended (a polyglot); upload the image alone");

        Path video = Files.write(dir.resolve("paged.mp4"), concat(clip, AppendedFiles.htmlPage()));
        assertThat(catchThrowableOfType(MediaException.class,
                () -> Polyglots.refuse(video, new Sniffed(MediaKind.VIDEO, "mp4", "video/mp4"))))
                .hasMessage("The file is an MP4 video with an HTML page appended (a polyglot); upload the video alone");
    }

    private static Optional<String> otherFace(byte[] content, String format) throws IOException {
        Path file = Files.write(dir.resolve("file-" + format), content);
        return Polyglots.otherFace(file, format);
    }

    private static byte[] webp() throws Exception {
        return converted("a.webp");
    }

    private static byte[] tiff() throws Exception {
        return converted("a.tiff");
    }

    private static byte[] converted(String name) throws Exception {
        Path out = dir.resolve(name);
        Fixtures.ffmpeg("-i", Fixtures.photoJpeg(64, 48).toString(), out.toString());
        return Files.readAllBytes(out);
    }

    private static byte[] bytes(Path file) throws IOException {
        return Files.readAllBytes(file);
    }
}
