package io.mediaopt.image.vips;

import io.mediaopt.Fixtures;
import io.mediaopt.image.TestVips;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The AVIF the renderer saves, left to libheif's tuning, is the one libaom's still-image tuning
 * ({@code iq}) gives: the bytes are the same to the byte, and another tuning gives others. The
 * AVIF qualities in docs/quality.md were measured so.
 */
class AvifTuneTest {
    @TempDir
    Path dir;

    @Test
    void libheifTunesAPictureForLibaomsStillImageQuality() throws Exception {
        assumeTrue(TestVips.library().isPresent(), "needs SERVICE_LIBVIPS_PATH (libvips 8.18), as test.sh sets it");
        Vips vips = TestVips.open();
        Path photo = Fixtures.photoJpeg(640, 480);
        try (VipsImage shrunk = vips.thumbnail(photo, false, 480, Vips.MAX_COORD, false);
             VipsImage image = vips.copyMemory(shrunk)) {
            byte[] renderer = saved(vips, image, AvifTune.AUTO);
            assertThat(renderer).isEqualTo(saved(vips, image, AvifTune.IQ));
            assertThat(renderer).isNotEqualTo(saved(vips, image, AvifTune.SSIM));
        }
    }

    private byte[] saved(Vips vips, VipsImage image, AvifTune tune) throws Exception {
        Path out = dir.resolve(tune + ".avif");
        vips.save().avif(image, out, 55, 4, Chroma.HALVED, tune);
        return Files.readAllBytes(out);
    }
}
