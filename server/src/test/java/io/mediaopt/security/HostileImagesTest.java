package io.mediaopt.security;

import io.mediaopt.Integration;
import io.mediaopt.image.QualityMode;
import io.mediaopt.Fixtures;
import io.mediaopt.RunningServer;
import io.mediaopt.image.ImageOptimizer;
import io.mediaopt.image.TestVips;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Presets;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.security.Refusals.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Images aimed at libvips: formats only its untrusted loaders read (SVG with external
 * entities, PDF, ImageMagick scripts and formats, FITS, MAT) are 415, through the server and
 * straight into the image optimizer; headers declaring more pixels or frames than the limits
 * are 422 limit-exceeded, decided before a pixel is decoded.
 */
@Integration
class HostileImagesTest {
    @TempDir
    static Path dir;
    @RegisterExtension
    static final RunningServer server = RunningServer.withDefaults();
    static Path secret;

    @BeforeAll
    static void start() throws Exception {
        secret = Files.writeString(dir.resolve("secret.txt"), "root:x:0:0:image-secret\n");
    }

    @Test
    void formatsOfUntrustedLoadersAreUnsupportedTypes() throws Exception {
        try (ContactTrap trap = new ContactTrap()) {
            for (var entry : untrusted(trap).entrySet()) {
                Refusals.assertRefused(server, entry.getKey(), entry.getValue(), 415, "unsupported-type", Stage.AT_SUBMISSION);
            }
            assertThat(trap.contacts()).isZero();
        }
    }

    @Test
    void theImageOptimizerRefusesThemTooWhateverTheSnifferSaid() throws Exception {
        Vips vips = TestVips.open();
        ImageOptimizer optimizer = new ImageOptimizer(vips, limits(), QualityMode.AUTO);
        try (ContactTrap trap = new ContactTrap()) {
            for (var entry : untrusted(trap).entrySet()) {
                // named without an extension, as uploads are stored
                Path file = Files.write(dir.resolve("upload-" + entry.getKey().replace('.', '-')), entry.getValue());
                Path work = Files.createDirectories(dir.resolve("work-" + file.getFileName()));
                MediaFormat claimed = MediaFormat.JPEG;
                MediaException e = catchThrowableOfType(MediaException.class, () ->
                        optimizer.optimize(file, claimed, Presets.standard().find("web").orElseThrow(), work));
                assertThat(e).as(entry.getKey()).isNotNull();
                assertThat(e.code()).as(entry.getKey()).isEqualTo("unsupported-type");
                assertThat(work).isEmptyDirectory();
            }
            assertThat(trap.contacts()).isZero();
        }
    }

    @Test
    void aSmallPngDeclaringTenBillionPixelsIsLimitExceeded() throws Exception {
        byte[] png = Fixtures.pngDeclaring(100_000, 100_000);
        assertThat(png.length).isLessThan(100);
        // only the header can say 100000x100000: its pixel data would not decode at all
        Refusals.assertRefused(server, "bomb.png", png, 422, "limit-exceeded", Stage.IN_THE_JOB);
    }

    @Test
    void aGifOfTenThousandFramesIsLimitExceeded() throws Exception {
        // 230 KB on disk; decoded, 10000 frames of 4000x4000 would be 640 GB
        byte[] gif = HostileImages.gifWithFrames(4000, 4000, 10_000);
        Refusals.assertRefused(server, "bomb.gif", gif, 422, "limit-exceeded", Stage.IN_THE_JOB);
    }

    @Test
    void theServiceStillWorksAfterAllThat() throws Exception {
        assertThat(server.client().optimize(Fixtures.photoJpeg(320, 240), "web").result().strategy()).isEqualTo("image-webp");
    }

    private static Map<String, byte[]> untrusted(ContactTrap trap) throws Exception {
        Path bmp = dir.resolve("picture.bmp");
        if (!Files.exists(bmp)) {
            Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=64x48", "-frames:v", "1", bmp.toString());
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("entities.svg", utf8(HostileImages.svgWithExternalEntities(secret.toString(), trap.url("x.png"))));
        files.put("document.pdf", utf8(HostileImages.pdf()));
        files.put("tragick.mvg", utf8(HostileImages.magickVectorGraphics(trap.url("x.jpg"))));
        files.put("picture.bmp", Files.readAllBytes(bmp));
        files.put("sky.fits", HostileImages.fits());
        files.put("matrix.mat", HostileImages.matlab());
        return files;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static Limits limits() {
        return new Limits(125829120L, 100_000_000L, 1000, 1800,
                Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(240));
    }
}
