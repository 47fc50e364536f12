package io.mediaopt.security;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.Optimization;
import io.mediaopt.image.vips.VipsCommand;
import io.mediaopt.media.AppendedFiles;
import io.mediaopt.security.Refusals.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Broken, empty, mislabelled and two-faced files: each gets the code that says what is wrong,
 * on the synchronous route and the job route alike (see {@link Refusals} for which job refusals
 * come at submission and which as a failed job). What cameras append after the media is
 * accepted, and never comes back.
 */
@Integration
class MalformedMediaTest {
    private static final byte[] SCRIPT = "<html><script>alert(document.cookie)</script></html>".getBytes(StandardCharsets.UTF_8);
    private static final String PREVIEW_MARK = "camera preview";

    @TempDir
    static Path dir;
    @RegisterExtension
    static final RunningServer server = RunningServer.withDefaults();
    static byte[] photo;

    @BeforeAll
    static void start() throws Exception {
        photo = Files.readAllBytes(Fixtures.photoJpeg(640, 480));
    }

    @Test
    void anEmptyFileIsInvalidInput() throws Exception {
        Refusals.assertRefused(server, "empty.jpg", new byte[0], 400, "invalid-input", Stage.AT_SUBMISSION);
    }

    @Test
    void randomBytesAreAnUnsupportedType() throws Exception {
        byte[] noise = new byte[64 * 1024];
        new Random(42).nextBytes(noise);
        noise[0] = 0x00; // no magic number starts with a zero byte followed by noise
        Refusals.assertRefused(server, "noise.jpg", noise, 415, "unsupported-type", Stage.AT_SUBMISSION);
    }

    @Test
    void truncatedImagesAreUnreadable() throws Exception {
        byte[] png = Files.readAllBytes(Fixtures.png());
        Refusals.assertRefused(server, "cut.jpg", Arrays.copyOf(photo, photo.length / 2), 422, "unreadable-media",
                Stage.IN_THE_JOB);
        Refusals.assertRefused(server, "cut.png", Arrays.copyOf(png, png.length / 2), 422, "unreadable-media",
                Stage.IN_THE_JOB);
    }

    @Test
    void aTruncatedMp4IsUnreadableWhereverItsIndexIs() throws Exception {
        // index at the end, as cameras write: the cut loses it
        byte[] indexLast = video("index-last.mp4");
        Refusals.assertRefused(server, "cut-index-last.mp4", Arrays.copyOf(indexLast, indexLast.length / 2),
                422, "unreadable-media", Stage.IN_THE_JOB);
        // index first (fast start): the index survives and promises frames the file no longer has
        byte[] indexFirst = video("index-first.mp4", "-movflags", "+faststart");
        Refusals.assertRefused(server, "cut-index-first.mp4", Arrays.copyOf(indexFirst, indexFirst.length / 2),
                422, "unreadable-media", Stage.IN_THE_JOB);
    }

    @Test
    void aFastStartMp4CutJustAfterItsHeaderIsUnreadable() throws Exception {
        // a 2 s 720p clip with its index first, cut after 40 000 bytes: the index and a few
        // frames arrive, the rest of the samples it promises do not
        Path fastStart = dir.resolve("fast-start.mp4");
        Fixtures.ffmpeg("-i", Fixtures.mp4WithAudio().toString(), "-c", "copy", "-movflags", "+faststart",
                fastStart.toString());
        byte[] clip = Files.readAllBytes(fastStart);
        Refusals.assertRefused(server, "cut-after-header.mp4", Arrays.copyOf(clip, 40_000),
                422, "unreadable-media", Stage.IN_THE_JOB);
    }

    @Test
    void aFileNamedAsTheOtherKindIsAnUnsupportedType() throws Exception {
        assertThat(Refusals.assertRefused(server, "holiday.mp4", photo, 415, "unsupported-type", Stage.AT_SUBMISSION))
                .isEqualTo("The file is named as a video (.mp4) but its content is a JPEG image");
        assertThat(Refusals.assertRefused(server, "photo.JPG", Files.readAllBytes(Fixtures.shortClip()), 415,
                "unsupported-type", Stage.AT_SUBMISSION))
                .isEqualTo("The file is named as an image (.jpg) but its content is an MP4 video");
    }

    @Test
    void aNameOfTheSameKindOrWithoutAKnownExtensionIsAccepted() throws Exception {
        // phones save PNG screenshots and HEIC photos as .jpg, and some apps name uploads .bin or nothing
        assertAccepted("screenshot.jpg", Files.readAllBytes(Fixtures.png()));
        assertAccepted("photo.bin", photo);
        assertAccepted("photo", photo);
    }

    @Test
    void aVideoWithoutPicturesIsAnUnsupportedType() throws Exception {
        Path m4a = dir.resolve("sound.mp4");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "sine=f=440:d=2", "-c:a", "aac", m4a.toString());
        Path ogg = dir.resolve("sound.ogg");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "sine=f=440:d=2", "-c:a", "libvorbis", ogg.toString());
        Refusals.assertRefused(server, "sound.mp4", Files.readAllBytes(m4a), 415, "unsupported-type", Stage.IN_THE_JOB);
        Refusals.assertRefused(server, "sound.ogg", Files.readAllBytes(ogg), 415, "unsupported-type", Stage.IN_THE_JOB);
    }

    @Test
    void aMagicNumberFollowedByAnythingElseIsUnreadable() throws Exception {
        byte[] fakeJpeg = HostileVideos.concat(new byte[]{(byte) 0xFF, (byte) 0xD8, (byte) 0xFF}, SCRIPT);
        Refusals.assertRefused(server, "fake.jpg", fakeJpeg, 422, "unreadable-media", Stage.IN_THE_JOB);
        // after a complete ftyp box a page would be a polyglot (415); words that are no file are left to ffprobe
        byte[] fakeMp4 = HostileVideos.concat(new byte[]{0, 0, 0, 0x18}, HostileVideos.ascii("ftypisom"),
                new byte[]{0, 0, 2, 0}, HostileVideos.ascii("isomiso2"), HostileVideos.ascii("anything but a video"));
        Refusals.assertRefused(server, "fake.mp4", fakeMp4, 422, "unreadable-media", Stage.IN_THE_JOB);
    }

    @Test
    void aPolyglotThatDoesNotStartAsAnImageIsAnUnsupportedType() throws Exception {
        Refusals.assertRefused(server, "page.jpg", HostileVideos.concat(SCRIPT, photo), 415, "unsupported-type",
                Stage.AT_SUBMISSION);
        Refusals.assertRefused(server, "archive.jpg", HostileVideos.concat(AppendedFiles.zip(), photo), 415,
                "unsupported-type", Stage.AT_SUBMISSION);
    }

    @Test
    void aJpegCarryingAnArchiveOrAScriptIsAnUnsupportedType() throws Exception {
        assertThat(Refusals.assertRefused(server, "zipped.jpg", HostileVideos.concat(photo, AppendedFiles.zip()),
                415, "unsupported-type", Stage.AT_SUBMISSION))
                .isEqualTo("The file is a JPEG image with a ZIP archive appended (a polyglot); upload the image alone");
        assertThat(Refusals.assertRefused(server, "scripted.jpg", HostileVideos.concat(photo, SCRIPT),
                415, "unsupported-type", Stage.AT_SUBMISSION)).contains("an HTML page appended");
        // ZIP readers find the archive from the end of the file, behind any number of images
        Refusals.assertRefused(server, "stacked.jpg", HostileVideos.concat(photo, preview(), AppendedFiles.zip()),
                415, "unsupported-type", Stage.AT_SUBMISSION);
    }

    @Test
    void aGifCarryingAJarIsAnUnsupportedType() throws Exception {
        byte[] gifar = HostileVideos.concat(Files.readAllBytes(Fixtures.animatedGif()), AppendedFiles.zip());
        Refusals.assertRefused(server, "gifar.gif", gifar, 415, "unsupported-type", Stage.AT_SUBMISSION);
    }

    @Test
    void aJpegCarryingAPdfOrAPngCarryingAPageIsAnUnsupportedType() throws Exception {
        assertThat(Refusals.assertRefused(server, "document.jpg", HostileVideos.concat(photo, AppendedFiles.pdf()),
                415, "unsupported-type", Stage.AT_SUBMISSION)).contains("a PDF document appended");
        // PDF readers accept the header anywhere in the first 1024 bytes: here in the JPEG's comment
        byte[] pdfHead = Fixtures.withComment(photo, "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n");
        assertThat(Refusals.assertRefused(server, "pdf-head.jpg", pdfHead, 415, "unsupported-type",
                Stage.AT_SUBMISSION)).contains("a PDF header in its first 1024 bytes");
        byte[] png = HostileVideos.concat(Files.readAllBytes(Fixtures.png()), AppendedFiles.htmlPage());
        assertThat(Refusals.assertRefused(server, "page.png", png, 415, "unsupported-type", Stage.AT_SUBMISSION))
                .isEqualTo("The file is a PNG image with an HTML page appended (a polyglot); upload the image alone");
    }

    @Test
    void anAlreadySmallJpegCarryingAScriptIsAnUnsupportedType() throws Exception {
        Refusals.assertRefused(server, "tiny-scripted.jpg", HostileVideos.concat(tinyJpeg(), SCRIPT),
                415, "unsupported-type", Stage.AT_SUBMISSION);
    }

    @Test
    void anAlreadySmallMp4CarryingAnArchiveIsAnUnsupportedType() throws Exception {
        byte[] tiny = video("tiny.mp4", "-crf", "45", "-movflags", "+faststart");
        Optimization clean = server.client().optimize("tiny.mp4", tiny, "web");
        assertThat(clean.result().strategy()).as("the fixture takes the never-bigger path").isEqualTo("video-original");

        Refusals.assertRefused(server, "tiny-zipped.mp4", HostileVideos.concat(tiny, AppendedFiles.zip()),
                415, "unsupported-type", Stage.AT_SUBMISSION);
    }

    @Test
    void whatCamerasAppendIsAcceptedAndNeverComesBack() throws Exception {
        // the JPEG is so squeezed that every encoding comes out bigger: without its tail it would come back untouched
        byte[] tiny = tinyJpeg();
        assertAcceptedWithoutTail("mpf.jpg", HostileVideos.concat(tiny, preview()), PREVIEW_MARK);
        assertAcceptedWithoutTail("motion.jpg", HostileVideos.concat(tiny, Files.readAllBytes(Fixtures.shortClip())),
                "ftypisom");
        assertAcceptedWithoutTail("padded.jpg", HostileVideos.concat(tiny, new byte[4096]));
        assertAcceptedWithoutTail("trailer.jpg", HostileVideos.concat(tiny, AppendedFiles.vendorTrailer()), "SEFH");
    }

    /** Both routes succeed with a re-encoding (the input is never handed back), and no output holds the tail. */
    private static void assertAcceptedWithoutTail(String name, byte[] content, String... tailMarks) throws Exception {
        Optimization sync = server.client().optimize(name, content, "web");
        assertThat(sync.result().strategy()).as(name).doesNotEndWith("-original");
        assertWithout(sync.content(), tailMarks);

        Job job = server.client().waitForJob(server.client().submitJob(name, content, "web").jobId(), Duration.ofMinutes(2));
        assertThat(job.status()).as(name).isEqualTo(JobStatus.DONE);
        assertThat(job.result().strategy()).as(name).doesNotEndWith("-original");
        Path downloaded = dir.resolve("download-" + name);
        server.client().download(job.jobId(), downloaded);
        assertWithout(Files.readAllBytes(downloaded), tailMarks);
    }

    private static void assertAccepted(String name, byte[] content) throws Exception {
        assertThat(server.client().optimize(name, content, "web").result().kind()).as(name).isEqualTo("image");
        Job job = server.client().waitForJob(server.client().submitJob(name, content, "web").jobId(), Duration.ofMinutes(2));
        assertThat(job.status()).as(name).isEqualTo(JobStatus.DONE);
    }

    private static void assertWithout(byte[] output, String... marks) {
        String text = new String(output, StandardCharsets.ISO_8859_1);
        for (String mark : marks) assertThat(text).doesNotContain(mark);
    }

    /** A JPEG squeezed so hard that the web preset's encodings come out bigger (checked once). */
    private static byte[] tinyJpeg() throws Exception {
        Path tiny = dir.resolve("tiny.jpg");
        if (!Files.exists(tiny)) {
            VipsCommand.run("thumbnail", Fixtures.photoJpeg(1200, 800).toString(), tiny + "[Q=6,strip]", "400");
            Optimization clean = server.client().optimize("tiny.jpg", Files.readAllBytes(tiny), "web");
            assertThat(clean.result().strategy()).as("the fixture takes the never-bigger path")
                    .isEqualTo("image-original");
        }
        return Files.readAllBytes(tiny);
    }

    /**
     * A JPEG as a camera appends it (a Multi-Picture Format preview or depth map), marked by a
     * comment; so small that the tiny JPEG carrying it is still smaller than its encodings.
     */
    private static byte[] preview() throws Exception {
        Path preview = dir.resolve("preview.jpg");
        VipsCommand.run("black", preview + "[Q=5,strip,optimize-coding]", "8", "8");
        return Fixtures.withComment(Files.readAllBytes(preview), PREVIEW_MARK);
    }

    private static byte[] video(String name, String... extra) throws Exception {
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of(
                "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-f", "lavfi", "-i", "sine=f=440:d=4",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "32k"));
        args.addAll(List.of(extra));
        args.add(out.toString());
        Fixtures.ffmpeg(args.toArray(String[]::new));
        return Files.readAllBytes(out);
    }
}
