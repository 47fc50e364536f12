package io.mediaopt.image.vips;

import io.mediaopt.image.TestVips;

import io.mediaopt.Fixtures;
import io.mediaopt.devices.DeviceImages;
import io.mediaopt.media.MediaFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VipsTest {
    @TempDir
    static Path dir;
    static Vips vips;
    static Path photo;

    @BeforeAll
    static void start() {
        vips = TestVips.open();
        photo = Fixtures.photoJpeg(1200, 800);
    }

    @Test
    void reportsItsVersion() {
        assertThat(vips.version()).matches("8\\.\\d+\\.\\d+");
    }

    @Test
    void opensTwiceWithoutHarm() {
        assertThat(TestVips.open().version()).isEqualTo(vips.version());
    }

    @Test
    void decodesHeicThroughTheSystemLibvipsWhenRunningOnAnother() {
        Path heic = DeviceImages.heic();
        Vips heifDecoder = vips.forInput(MediaFormat.HEIF);
        assertThat(heifDecoder.version()).isEqualTo(Vips.open(2).version());
        assertThat(vips.forFile(heic).version()).isEqualTo(heifDecoder.version());
        assertThat(vips.forInput(MediaFormat.JPEG)).isSameAs(vips);
        try (VipsImage image = heifDecoder.openForDecode(heic)) {
            assertThat(heifDecoder.measure().average(image)).isPositive();
        }
    }

    /** The prebuilt library's animated WebP encoder spends more CPU for the same bytes. */
    @Test
    void optimizesGifThroughTheSystemLibvipsAndStillsThroughItsOwn() {
        String system = Vips.open(2).version();
        assertThat(vips.forInput(MediaFormat.GIF).version()).isEqualTo(system);
        assertThat(vips.forFile(Fixtures.animatedGif()).version()).isEqualTo(system);
        assertThat(vips.forInput(MediaFormat.PNG)).isSameAs(vips);
        assertThat(vips.forInput(MediaFormat.WEBP)).isSameAs(vips);
    }

    @Test
    void readsTheHeaderOnly() {
        try (VipsImage image = vips.openHeader(photo)) {
            assertThat(image.width()).isEqualTo(1200);
            assertThat(image.height()).isEqualTo(800);
            assertThat(image.pages()).isEqualTo(1);
            assertThat(image.string("vips-loader")).contains("jpegload");
            assertThat(image.fields()).contains("width", "vips-loader");
        }
    }

    @Test
    void refusesUntrustedLoaders() throws Exception {
        Path svg = Fixtures.svg();
        // libvips 8.14 still names the loader; it refuses to run it
        vips.findLoader(svg).ifPresent(loader -> assertThat(loader).startsWith("VipsForeignLoadSvg"));
        assertThatThrownBy(() -> vips.openHeader(svg).close())
                .isInstanceOf(VipsException.class);
    }

    @Test
    void failsWithLibvipsErrorText() {
        Path missing = dir.resolve("missing.jpg");
        assertThatThrownBy(() -> vips.openHeader(missing).close())
                .isInstanceOf(VipsException.class)
                .hasMessageContaining("missing.jpg");
    }

    @Test
    void savesThumbnailsInEveryOutputFormat() throws Exception {
        for (String format : new String[] {"webp", "avif", "jpg", "png"}) {
            Path out = dir.resolve("small." + format);
            try (VipsImage image = vips.thumbnail(photo, false, 300, Vips.MAX_COORD, false)) {
                switch (format) {
                    case "webp" -> vips.save().webp(image, out, 80, 4);
                    case "avif" -> vips.save().avif(image, out, 50, 4);
                    case "jpg" -> vips.save().jpeg(image, out, 80);
                    default -> vips.save().png(image, out);
                }
            }
            try (VipsImage saved = vips.openHeader(out)) {
                assertThat(saved.width()).as(format).isEqualTo(300);
                assertThat(saved.height()).as(format).isEqualTo(200);
                assertThat(saved.fields()).as(format).noneMatch(f -> f.startsWith("exif-"));
            }
        }
    }

    @Test
    void aKilledImageFailsTheSaveThatReadsIt() {
        Path out = dir.resolve("killed.webp");
        try (VipsImage image = vips.thumbnail(photo, false, 600, Vips.MAX_COORD, false)) {
            image.kill();
            assertThatThrownBy(() -> vips.save().webp(image, out, 80, 4))
                    .isInstanceOf(VipsException.class)
                    .hasMessageContaining("killed");
        }
    }

    @Test
    void aKillFromAnotherThreadStopsASaveUnderWay() throws Exception {
        // big and slow on purpose: a lossless, maximally compressed PNG of 24 megapixels takes
        // seconds, so the kill 300 ms in lands while libvips is busy
        Path big = Fixtures.photoJpeg(6000, 4000);
        Path out = dir.resolve("big.png");
        try (VipsImage image = vips.thumbnail(big, false, 6000, Vips.MAX_COORD, false)) {
            Thread killer = Thread.ofPlatform().start(() -> {
                try {
                    Thread.sleep(300);
                    image.kill();
                } catch (InterruptedException ignored) {
                    // test over
                }
            });
            assertThatThrownBy(() -> vips.save().png(image, out))
                    .isInstanceOf(VipsException.class)
                    .hasMessageContaining("killed");
            killer.join();
        }
        Files.deleteIfExists(out);
    }

    @Test
    void aClosedImageIgnoresKill() {
        VipsImage image = vips.openHeader(photo);
        image.close();
        image.kill();
        assertThatThrownBy(image::width).isInstanceOf(IllegalStateException.class);
    }
}
