package io.mediaopt.media;

import io.mediaopt.Fixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
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
        // longer than the head the sniffer reads (1024 bytes), so what follows it is appended
        photo = Files.readAllBytes(Fixtures.photoJpeg(160, 120));
        preview = Fixtures.withComment(Files.readAllBytes(Fixtures.photoJpeg(32, 24)), "preview");
        clip = Files.readAllBytes(Fixtures.shortClip());
    }

    @Test
    void eachForeignFileAppendedToAJpegIsNamed() throws Exception {
        for (AppendedFiles.Foreign foreign : AppendedFiles.foreign()) {
            assertThat(otherFace(concat(photo, foreign.content()), MediaFormat.JPEG)).as(foreign.description())
                    .hasValue(foreign.description() + " appended");
        }
    }

    @Test
    void everyWalkedFormatCarryingAForeignFileIsFound() throws Exception {
        byte[] page = AppendedFiles.htmlPage();
        byte[] zip = AppendedFiles.zip();
        assertThat(otherFace(concat(bytes(Fixtures.png()), page), MediaFormat.PNG)).hasValue("an HTML page appended");
        assertThat(otherFace(concat(bytes(Fixtures.animatedGif()), zip), MediaFormat.GIF)).hasValue("a ZIP archive appended");
        assertThat(otherFace(concat(webp(), page), MediaFormat.WEBP)).hasValue("an HTML page appended");
        assertThat(otherFace(concat(clip, page), MediaFormat.MP4)).hasValue("an HTML page appended");
        assertThat(otherFace(concat(bytes(Fixtures.webm()), AppendedFiles.pdf()), MediaFormat.WEBM))
                .hasValue("a PDF document appended");
    }

    @Test
    void paddingDoesNotHideAForeignFile() throws Exception {
        assertThat(otherFace(concat(photo, new byte[4096], AppendedFiles.pdf()), MediaFormat.JPEG))
                .hasValue("a PDF document appended");
        byte[] ffPadding = new byte[300];
        Arrays.fill(ffPadding, (byte) 0xFF);
        assertThat(otherFace(concat(photo, ffPadding, AppendedFiles.htmlPage()), MediaFormat.JPEG))
                .hasValue("an HTML page appended");
    }

    @Test
    void mediaAppendedToMediaIsWalkedInTurn() throws Exception {
        assertThat(otherFace(concat(photo, preview, preview, AppendedFiles.pdf()), MediaFormat.JPEG))
                .hasValue("a PDF document appended");
        assertThat(otherFace(concat(photo, clip, AppendedFiles.htmlPage()), MediaFormat.JPEG))
                .hasValue("an HTML page appended");
    }

    @Test
    void aZipEndingTheFileIsFoundWhateverComesBeforeIt() throws Exception {
        byte[] zip = AppendedFiles.zip();
        // behind a vendor trailer the walk stops, and a TIFF's end is never found: ZIP readers start from the end
        assertThat(otherFace(concat(photo, AppendedFiles.vendorTrailer(), zip), MediaFormat.JPEG))
                .hasValue("a ZIP archive appended");
        assertThat(otherFace(concat(tiff(), zip), MediaFormat.TIFF)).hasValue("a ZIP archive appended");
    }

    @Test
    void aPdfHeaderInTheFirstKilobyteIsFound() throws Exception {
        byte[] commented = Fixtures.withComment(photo, "x".repeat(900) + "%PDF-1.4");
        assertThat(otherFace(commented, MediaFormat.JPEG)).hasValue("a PDF header in its first 1024 bytes");
    }

    @Test
    void whatCamerasWriteIsNoPolyglot() throws Exception {
        byte[] ffPadding = new byte[4096];
        Arrays.fill(ffPadding, (byte) 0xFF);
        byte[] vendorBytes = new byte[2048];
        new Random(7).nextBytes(vendorBytes);
        vendorBytes[0] = 'V';
        assertThat(otherFace(photo, MediaFormat.JPEG)).isEmpty();
        assertThat(otherFace(concat(photo, new byte[4096]), MediaFormat.JPEG)).as("zero padding").isEmpty();
        assertThat(otherFace(concat(photo, ffPadding), MediaFormat.JPEG)).as("0xFF padding").isEmpty();
        assertThat(otherFace(concat(photo, preview, preview), MediaFormat.JPEG)).as("MPF previews").isEmpty();
        assertThat(otherFace(concat(photo, clip), MediaFormat.JPEG)).as("motion photo").isEmpty();
        byte[] samsung = concat(photo, AppendedFiles.ascii("MotionPhoto_Data"), clip, AppendedFiles.vendorTrailer());
        assertThat(otherFace(samsung, MediaFormat.JPEG)).as("Samsung motion photo").isEmpty();
        assertThat(otherFace(concat(photo, vendorBytes), MediaFormat.JPEG)).as("unknown trailer").isEmpty();
        assertThat(otherFace(concat(tiff(), AppendedFiles.htmlPage()), MediaFormat.TIFF)).as("no known end").isEmpty();
        assertThat(otherFace(clip, MediaFormat.MP4)).isEmpty();
        assertThat(otherFace(bytes(Fixtures.png()), MediaFormat.PNG)).isEmpty();
        assertThat(otherFace(bytes(Fixtures.animatedGif()), MediaFormat.GIF)).isEmpty();
        assertThat(otherFace(bytes(Fixtures.webm()), MediaFormat.WEBM)).isEmpty();
    }

    @Test
    void theRefusalSaysWhatWasFoundAndWhatToDo() throws Exception {
        Path polyglot = Files.write(dir.resolve("zipped.jpg"), concat(photo, AppendedFiles.zip()));
        MediaException refusal = catchThrowableOfType(MediaException.class,
                () -> Polyglots.refuse(polyglot, MediaFormat.JPEG));
        assertThat(refusal.status()).isEqualTo(415);
        assertThat(refusal.code()).isEqualTo("unsupported-type");
        assertThat(refusal).hasMessage(
                "The file is a JPEG image with a ZIP archive appended (a polyglot); upload the image alone");

        Path video = Files.write(dir.resolve("paged.mp4"), concat(clip, AppendedFiles.htmlPage()));
        assertThat(catchThrowableOfType(MediaException.class,
                () -> Polyglots.refuse(video, MediaFormat.MP4)))
                .hasMessage("The file is an MP4 video with an HTML page appended (a polyglot); upload the video alone");
    }

    private static Optional<String> otherFace(byte[] content, MediaFormat format) throws IOException {
        Path file = Files.write(dir.resolve("file-" + format.shortName()), content);
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
