package io.mediaopt.security;

import io.mediaopt.Fixtures;
import io.mediaopt.TestService;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.Optimization;
import io.mediaopt.security.Refusals.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Broken, empty, mislabelled and two-faced files: each gets the code that says what is wrong,
 * on the synchronous route and the job route alike (see {@link Refusals} for which job refusals
 * come at submission and which as a failed job), and a polyglot never gets its second face back.
 */
class MalformedMediaTest {
    private static final byte[] SCRIPT = "<html><script>alert(document.cookie)</script></html>".getBytes(StandardCharsets.UTF_8);

    @TempDir
    static Path dir;
    static TestService service;
    static MediaoptClient client;
    static byte[] photo;

    @BeforeAll
    static void start() throws Exception {
        service = TestService.start();
        client = service.client();
        photo = Files.readAllBytes(Fixtures.photoJpeg(640, 480));
    }

    @AfterAll
    static void stop() {
        client.close();
        service.close();
    }

    @Test
    void anEmptyFileIsInvalidInput() throws Exception {
        Refusals.assertRefused(service, "empty.jpg", new byte[0], 400, "invalid-input", Stage.AT_SUBMISSION);
    }

    @Test
    void randomBytesAreAnUnsupportedType() throws Exception {
        byte[] noise = new byte[64 * 1024];
        new Random(42).nextBytes(noise);
        noise[0] = 0x00; // no magic number starts with a zero byte followed by noise
        Refusals.assertRefused(service, "noise.jpg", noise, 415, "unsupported-type", Stage.AT_SUBMISSION);
    }

    @Test
    void truncatedImagesAreUnreadable() throws Exception {
        byte[] png = Files.readAllBytes(Fixtures.png());
        Refusals.assertRefused(service, "cut.jpg", Arrays.copyOf(photo, photo.length / 2), 422, "unreadable-media",
                Stage.IN_THE_JOB);
        Refusals.assertRefused(service, "cut.png", Arrays.copyOf(png, png.length / 2), 422, "unreadable-media",
                Stage.IN_THE_JOB);
    }

    @Test
    void aTruncatedMp4IsUnreadableWhereverItsIndexIs() throws Exception {
        // index at the end, as cameras write: the cut loses it
        byte[] indexLast = video("index-last.mp4");
        Refusals.assertRefused(service, "cut-index-last.mp4", Arrays.copyOf(indexLast, indexLast.length / 2),
                422, "unreadable-media", Stage.IN_THE_JOB);
        // index first (fast start): the index survives and promises frames the file no longer has
        byte[] indexFirst = video("index-first.mp4", "-movflags", "+faststart");
        Refusals.assertRefused(service, "cut-index-first.mp4", Arrays.copyOf(indexFirst, indexFirst.length / 2),
                422, "unreadable-media", Stage.IN_THE_JOB);
    }

    @Test
    void aJpegNamedMp4IsOptimizedAsTheImageItIs() throws Exception {
        Optimization result = client.optimize("holiday.mp4", photo, "web");
        assertThat(result.result().kind()).isEqualTo("image");
        assertThat(result.result().contentType()).isEqualTo("image/webp");
        assertThat(result.result().filename()).isEqualTo("holiday.webp");
    }

    @Test
    void aVideoWithoutPicturesIsAnUnsupportedType() throws Exception {
        Path m4a = dir.resolve("sound.mp4");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "sine=f=440:d=2", "-c:a", "aac", m4a.toString());
        Path ogg = dir.resolve("sound.ogg");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "sine=f=440:d=2", "-c:a", "libvorbis", ogg.toString());
        Refusals.assertRefused(service, "sound.mp4", Files.readAllBytes(m4a), 415, "unsupported-type", Stage.IN_THE_JOB);
        Refusals.assertRefused(service, "sound.ogg", Files.readAllBytes(ogg), 415, "unsupported-type", Stage.IN_THE_JOB);
    }

    @Test
    void aMagicNumberFollowedByAnythingElseIsUnreadable() throws Exception {
        byte[] fakeJpeg = HostileVideos.concat(new byte[]{(byte) 0xFF, (byte) 0xD8, (byte) 0xFF}, SCRIPT);
        Refusals.assertRefused(service, "fake.jpg", fakeJpeg, 422, "unreadable-media", Stage.IN_THE_JOB);
        byte[] fakeMp4 = HostileVideos.concat(new byte[]{0, 0, 0, 0x18}, HostileVideos.ascii("ftypisom"),
                new byte[]{0, 0, 2, 0}, HostileVideos.ascii("isomiso2"), SCRIPT);
        Refusals.assertRefused(service, "fake.mp4", fakeMp4, 422, "unreadable-media", Stage.IN_THE_JOB);
    }

    @Test
    void aPolyglotThatDoesNotStartAsAnImageIsAnUnsupportedType() throws Exception {
        Refusals.assertRefused(service, "page.jpg", HostileVideos.concat(SCRIPT, photo), 415, "unsupported-type",
                Stage.AT_SUBMISSION);
        Refusals.assertRefused(service, "archive.jpg", HostileVideos.concat(zip(), photo), 415, "unsupported-type",
                Stage.AT_SUBMISSION);
    }

    @Test
    void aJpegCarryingAnArchiveOrAScriptComesBackWithoutIt() throws Exception {
        assertSecondFaceDropped("zipped.jpg", HostileVideos.concat(photo, zip()));
        assertSecondFaceDropped("scripted.jpg", HostileVideos.concat(photo, SCRIPT));
    }

    @Test
    void aGifCarryingAJarComesBackWithoutIt() throws Exception {
        assertSecondFaceDropped("gifar.gif", HostileVideos.concat(Files.readAllBytes(Fixtures.animatedGif()), zip()));
    }

    @Test
    void anAlreadySmallJpegCarryingAScriptIsNotHandedBackAsIs() throws Exception {
        // so squeezed that every encoding comes out bigger: without its tail it would come back untouched
        Path tiny = dir.resolve("tiny.jpg");
        MediaProbe.run("vips", "thumbnail", Fixtures.photoJpeg(1200, 800).toString(), tiny + "[Q=6,strip]", "400");
        Optimization clean = client.optimize("tiny.jpg", Files.readAllBytes(tiny), "web");
        assertThat(clean.result().strategy()).as("the fixture takes the never-bigger path").isEqualTo("image-original");

        assertSecondFaceDropped("tiny-scripted.jpg", HostileVideos.concat(Files.readAllBytes(tiny), SCRIPT));
    }

    @Test
    void anAlreadySmallMp4CarryingAnArchiveIsNotHandedBackAsIs() throws Exception {
        byte[] tiny = video("tiny.mp4", "-crf", "45", "-movflags", "+faststart");
        Optimization clean = client.optimize("tiny.mp4", tiny, "web");
        assertThat(clean.result().strategy()).as("the fixture takes the never-bigger path").isEqualTo("video-original");

        assertSecondFaceDropped("tiny-zipped.mp4", HostileVideos.concat(tiny, zip()));
    }

    /** Both routes succeed, and neither output holds the appended archive or script. */
    private static void assertSecondFaceDropped(String name, byte[] polyglot) throws Exception {
        Optimization sync = client.optimize(name, polyglot, "web");
        assertNoSecondFace(sync.content());
        assertThat(sync.result().strategy()).doesNotEndWith("-original");

        Job job = client.waitForJob(client.submitJob(name, polyglot, "web").jobId(), Duration.ofMinutes(2));
        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        Path downloaded = dir.resolve("download-" + name);
        client.download(job.jobId(), downloaded);
        assertNoSecondFace(Files.readAllBytes(downloaded));
    }

    private static void assertNoSecondFace(byte[] output) {
        String text = new String(output, StandardCharsets.ISO_8859_1);
        assertThat(text).doesNotContain("PK\u0003\u0004", "<script>", "secret.txt");
    }

    private static byte[] video(String name, String... extra) throws Exception {
        Path out = dir.resolve(name);
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(
                "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-f", "lavfi", "-i", "sine=f=440:d=4",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "32k"));
        args.addAll(java.util.List.of(extra));
        args.add(out.toString());
        Fixtures.ffmpeg(args.toArray(String[]::new));
        return Files.readAllBytes(out);
    }

    /** A real ZIP (a JAR's format) holding a file named secret.txt. */
    private static byte[] zip() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("secret.txt"));
            zip.write("payload".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return bytes.toByteArray();
    }
}
