package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;

import io.mediaopt.Fixtures;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Preset;
import io.mediaopt.media.MediaFormat;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.mediaopt.image.ImageOptimizerTest.LIMITS;
import static io.mediaopt.image.ImageOptimizerTest.custom;
import static io.mediaopt.image.ImageOptimizerTest.preset;
import static io.mediaopt.image.ImageOptimizerTest.sniff;
import static io.mediaopt.media.Strategy.IMAGE_PNG;
import static io.mediaopt.media.Strategy.IMAGE_WEBP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Files the optimizer must refuse, each with the code the API reports. */
class ImageRefusalTest {
    @TempDir
    static Path fixtures;
    @TempDir
    Path work;

    static Vips vips;
    static Path photo;
    static Path animatedGif;

    @BeforeAll
    static void makeFixtures() {
        vips = TestVips.open();
        photo = Fixtures.photoJpeg(3000, 2000);
        animatedGif = Fixtures.animatedGif(160, 120, 20);
    }

    @Test
    void refusesSvgBecauseItsLoaderIsBlocked() throws IOException {
        Path svg = Fixtures.svg();
        MediaFormat claimed = MediaFormat.JPEG;

        assertRefused("unsupported-type", () -> optimizer(LIMITS).optimize(svg, claimed, preset("web"), work));
    }

    @Test
    void refusesAFileNoLoaderRecognises() throws IOException {
        Path text = Files.writeString(fixtures.resolve("notes.txt"), "not an image at all\n");
        MediaFormat claimed = MediaFormat.JPEG;

        assertRefused("unsupported-type", () -> optimizer(LIMITS).optimize(text, claimed, preset("web"), work));
    }

    @Test
    void reportsATruncatedJpegAsUnreadable() throws IOException {
        Path cut = Fixtures.truncated(photo, fixtures.resolve("cut.jpg"), 0.5);

        assertRefused("unreadable-media", () -> optimize(cut, preset("web"), LIMITS));
    }

    @Test
    void reportsAJpegCutInsideItsHeaderAsUnreadable() throws IOException {
        Path stub = Fixtures.truncated(photo, fixtures.resolve("stub.jpg"), 0.0001);

        assertRefused("unreadable-media", () -> optimize(stub, preset("web"), LIMITS));
    }

    @Test
    void refusesTooManyPixelsFromTheHeaderAlone() throws IOException {
        // 20000 x 20000 declared, almost no pixel data: decoding it would fail differently
        Path huge = Fixtures.pngDeclaringFile(20000, 20000);

        MediaException e = assertRefused("limit-exceeded", () -> optimize(huge, preset("web"), LIMITS));
        assertThat(e.getMessage()).contains("20000x20000").contains("100000000");
    }

    @Test
    void refusesAPhotoOverALowPixelLimit() {
        Limits lowPixels = new Limits(125829120L, 5_000_000L, 1000, 1800,
                Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(240));

        assertRefused("limit-exceeded", () -> optimize(photo, preset("web"), lowPixels));
    }

    @Test
    void refusesAnimationsWithTooManyFrames() {
        Limits tenFrames = new Limits(125829120L, 100_000_000L, 10, 1800,
                Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(240));
        Path webp = Fixtures.animatedWebp(160, 120, 20);

        MediaException gif = assertRefused("limit-exceeded", () -> optimize(animatedGif, preset("web"), tenFrames));
        assertRefused("limit-exceeded", () -> optimize(webp, preset("web"), tenFrames));
        assertThat(gif.getMessage()).contains("20 frames");
    }

    @Test
    void failsWhenEveryStrategyFails() {
        Path strip = Fixtures.photoPng(17000, 40, false);

        assertRefused("encode-failed", () -> optimize(strip, custom(20000, List.of(IMAGE_WEBP)), LIMITS));
        assertThat(work).isEmptyDirectory();
    }

    @Test
    void timesOutWithoutLeavingOutput() {
        Limits oneMillisecond = new Limits(125829120L, 100_000_000L, 1000, 1800,
                Duration.ofSeconds(15), Duration.ofMillis(1), Duration.ofSeconds(240));

        assertRefused("timeout", () -> optimize(photo, preset("web"), oneMillisecond));
        assertThat(work).isEmptyDirectory();
    }

    @Test
    void timesOutInTheMiddleOfALongEncoding() {
        // a maximally compressed lossless PNG of six megapixels takes about a second here; the
        // limit strikes while libvips is writing it
        Limits shortLimit = new Limits(125829120L, 100_000_000L, 1000, 1800,
                Duration.ofSeconds(15), Duration.ofMillis(150), Duration.ofSeconds(240));

        assertRefused("timeout", () -> optimize(photo, custom(3000, List.of(IMAGE_PNG)), shortLimit));
        assertThat(work).isEmptyDirectory();
    }

    private void optimize(Path input, Preset preset, Limits limits) {
        optimizer(limits).optimize(input, sniff(input), preset, work);
    }

    private static ImageOptimizer optimizer(Limits limits) {
        return new ImageOptimizer(vips, limits, QualityMode.AUTO);
    }

    private MediaException assertRefused(String code, ThrowingCallable call) {
        MediaException e = catchThrowableOfType(MediaException.class, call);
        assertThat(e).as("expected a MediaException with code " + code).isNotNull();
        assertThat(e.code()).isEqualTo(code);
        // messages go to API users: no paths, no libvips internals
        assertThat(e.getMessage()).doesNotContain(fixtures.toString(), work.toString(), "vips", "Vips");
        return e;
    }
}
