package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsCommand;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.Fixtures;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Limits;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Sniffer;
import io.mediaopt.media.Strategy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.mediaopt.media.Strategy.IMAGE_JPEG;
import static io.mediaopt.media.Strategy.IMAGE_ORIGINAL;
import static io.mediaopt.media.Strategy.IMAGE_WEBP;
import static org.assertj.core.api.Assertions.assertThat;

/** What comes out for each preset and kind of input, checked on the files themselves. */
class ImageOptimizerTest {
    static final Limits LIMITS = new Limits(125829120L, 100_000_000L, 1000, 1800,
            Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(240));

    @TempDir
    static Path fixtures;
    @TempDir
    Path work;

    static Vips vips;
    static ImageOptimizer optimizer;
    static Path photo;
    static Path mediumPhoto;
    static Path smallPng;
    static Path animatedGif;

    @BeforeAll
    static void makeFixtures() {
        vips = TestVips.open();
        optimizer = new ImageOptimizer(vips, LIMITS, QualityMode.AUTO);
        photo = Fixtures.photoJpeg(3000, 2000);
        mediumPhoto = Fixtures.photoJpeg(1600, 1200);
        smallPng = Fixtures.photoPng(400, 300, false);
        animatedGif = Fixtures.animatedGif(320, 240, 20);
    }

    @ParameterizedTest
    @CsvSource({"web, webp, 1920", "mobile, webp, 1080", "low-bandwidth, avif, 720"})
    void shrinksAPhotoToThePresetsFormatAndWidth(String presetName, String format, int width) throws IOException {
        Optimized result = optimize(photo, preset(presetName));

        assertThat(result.strategy().wireName()).isEqualTo("image-" + format);
        assertThat(result.contentType()).isEqualTo("image/" + format);
        assertThat(result.extension()).isEqualTo(format);
        assertThat(result.output().getParent()).isEqualTo(work);
        assertThat(formatOf(result.output())).isEqualTo(format);
        assertThat(Files.size(result.output())).isLessThan(Files.size(photo));
        assertThat(result.largerReason()).isNull();
        assertThat(result.inputWidth()).isEqualTo(3000);
        assertThat(result.inputHeight()).isEqualTo(2000);
        assertThat(result.outputWidth()).isEqualTo(width);
        assertThat(result.outputHeight()).isEqualTo(Math.round(width * 2 / 3f));
        try (VipsImage output = vips.openHeader(result.output())) {
            assertThat(output.width()).isEqualTo(result.outputWidth());
            assertThat(output.height()).isEqualTo(result.outputHeight());
        }
        assertThat(result.inputDurationSec()).isNull();
    }

    @Test
    void neverEnlargesASmallImage() {
        Optimized result = optimize(smallPng, preset("web"));

        assertThat(result.strategy()).isEqualTo(IMAGE_WEBP);
        assertThat(result.outputWidth()).isEqualTo(400);
        assertThat(result.outputHeight()).isEqualTo(300);
    }

    @Test
    void turnsAPhotoUprightByItsExifOrientation() throws IOException {
        Path sideways = Fixtures.withExif(photo, fixtures.resolve("sideways.jpg"), 6);

        Optimized result = optimize(sideways, preset("web"));

        // stored 3000x2000, shown turned a quarter: 2000 wide, so 1920 after fitting the width
        assertThat(result.inputWidth()).isEqualTo(2000);
        assertThat(result.inputHeight()).isEqualTo(3000);
        assertThat(result.outputWidth()).isEqualTo(1920);
        assertThat(result.outputHeight()).isEqualTo(2880);
        try (VipsImage output = vips.openHeader(result.output())) {
            assertThat(output.width()).isEqualTo(1920);
            assertThat(output.height()).isEqualTo(2880);
            assertThat(output.orientation()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @CsvSource({"avif, avif", "heic, heif", "tif, tiff", "png, png", "gif, gif", "webp, webp"})
    void acceptsEveryListedFormat(String extension, String format) {
        Path input = fixtures.resolve("converted." + extension);
        // a WebP at the default quality would rightly come back as the original
        String options = extension.equals("webp") ? "[Q=95]" : "";
        VipsCommand.run("thumbnail", photo.toString(), input + options, "800");
        assertThat(formatOf(input)).isEqualTo(format);

        Optimized result = optimize(input, preset("web"));

        assertThat(result.strategy()).isEqualTo(IMAGE_WEBP);
        assertThat(result.outputWidth()).isEqualTo(800);
        assertThat(formatOf(result.output())).isEqualTo("webp");
    }

    @ParameterizedTest
    @CsvSource({"web", "mobile", "low-bandwidth", "jpeg-only"})
    void stripsExifGpsAndProfiles(String presetName) throws IOException {
        // a Display P3 profile, EXIF and a GPS position: all gone after conversion to sRGB
        Path wideGamut = fixtures.resolve("p3-" + presetName + ".jpg");
        VipsCommand.run("icc_transform", mediumPhoto.toString(), wideGamut + "[strip=false]", "p3");
        Path tagged = Fixtures.withExif(wideGamut, fixtures.resolve("tagged-" + presetName + ".jpg"), 1);
        try (VipsImage input = vips.openHeader(tagged)) {
            assertThat(input.fields()).contains("exif-data", "exif-ifd3-GPSLatitude", "icc-profile-data");
        }
        Preset preset = presetName.equals("jpeg-only") ? custom(1920, List.of(IMAGE_JPEG)) : preset(presetName);

        Optimized result = optimize(tagged, preset);

        try (VipsImage output = vips.openHeader(result.output())) {
            assertThat(output.fields())
                    .doesNotContain("exif-data", "xmp-data", "iptc-data", "icc-profile-data")
                    .noneMatch(field -> field.startsWith("exif-"));
        }
    }

    @Test
    void keepsAnAnimationAnimated() {
        Optimized result = optimize(animatedGif, preset("web"));

        assertThat(result.strategy()).isEqualTo(IMAGE_WEBP);
        assertThat(result.outputWidth()).isEqualTo(320);
        assertThat(result.outputHeight()).isEqualTo(240);
        try (VipsImage output = vips.openHeader(result.output())) {
            assertThat(output.pages()).isEqualTo(20);
            assertThat(output.pageHeight()).isEqualTo(240);
        }
    }

    @Test
    void givesTheFirstFrameToAnEncodingThatCannotAnimate() {
        Optimized result = optimize(animatedGif, custom(1920, List.of(IMAGE_JPEG), List.of(IMAGE_JPEG)));

        assertThat(result.strategy()).isEqualTo(IMAGE_JPEG);
        try (VipsImage output = vips.openHeader(result.output())) {
            assertThat(output.width()).isEqualTo(320);
            assertThat(output.height()).isEqualTo(240);
        }
    }

    @Test
    void shrinksEveryFrameOfAWideAnimation() {
        Path webp = Fixtures.animatedWebp(960, 240, 8);

        Optimized result = optimize(webp, preset("low-bandwidth"));

        // low-bandwidth delivers AVIF for stills but WebP for animations
        assertThat(result.strategy()).isEqualTo(IMAGE_WEBP);
        assertThat(result.outputWidth()).isEqualTo(720);
        assertThat(result.outputHeight()).isEqualTo(180);
        try (VipsImage output = vips.openHeader(result.output())) {
            assertThat(output.pages()).isEqualTo(8);
            assertThat(output.pageHeight()).isEqualTo(180);
        }
    }

    @Test
    void returnsTheInputWhenEveryEncodingComesOutBigger() throws IOException {
        // already squeezed hard: re-encoding at the preset's quality can only grow it
        Path tiny = fixtures.resolve("tiny.jpg");
        VipsCommand.run("thumbnail", photo.toString(), tiny + "[Q=15,strip]", "600");

        Optimized result = optimize(tiny, preset("web"));

        assertThat(result.strategy()).isEqualTo(IMAGE_ORIGINAL);
        assertThat(result.output()).isEqualTo(tiny);
        assertThat(result.contentType()).isEqualTo("image/jpeg");
        assertThat(result.extension()).isEqualTo("jpg");
        assertThat(result.outputWidth()).isEqualTo(600).isEqualTo(result.inputWidth());
        assertThat(result.outputHeight()).isEqualTo(400).isEqualTo(result.inputHeight());
        try (var left = Files.list(work)) {
            assertThat(left).as("no encodings left behind").isEmpty();
        }
    }

    @Test
    void doesNotReturnAnInputThatCarriesGps() throws IOException {
        Path tiny = fixtures.resolve("tiny-gps-source.jpg");
        VipsCommand.run("thumbnail", photo.toString(), tiny + "[Q=15,strip]", "600");
        Path tagged = Fixtures.withExif(tiny, fixtures.resolve("tiny-gps.jpg"), 1);

        Optimized result = optimize(tagged, preset("web"));

        assertThat(result.strategy()).isEqualTo(IMAGE_WEBP);
        assertThat(result.output()).isNotEqualTo(tagged);
        // squeezed as hard as the input of the test above, its encoding is larger, and says why
        assertThat(Files.size(result.output())).isGreaterThan(Files.size(tagged));
        assertThat(result.largerReason()).isEqualTo("The input cannot be returned as it is (it carries metadata the"
                + " service strips: GPS, XMP, IPTC, comments or more than basic EXIF), and its image-webp encoding came"
                + " out larger");
    }

    @Test
    void fallsBackToTheNextStrategyWhenAnEncoderFails() {
        // WebP cannot hold more than 16383 pixels a side; JPEG can
        Path strip = Fixtures.photoPng(17000, 40, false);

        Optimized result = optimize(strip, custom(20000, List.of(IMAGE_WEBP, IMAGE_JPEG)));

        assertThat(result.strategy()).isEqualTo(IMAGE_JPEG);
        assertThat(formatOf(result.output())).isEqualTo("jpeg");
        assertThat(result.outputWidth()).isEqualTo(17000);
        assertThat(work.resolve("output.webp")).doesNotExist();
    }

    @Test
    void flattensTransparencyForJpeg() {
        Path transparent = Fixtures.photoPng(300, 200, true);

        Optimized result = optimize(transparent, custom(1920, List.of(IMAGE_JPEG)));

        try (VipsImage output = vips.openHeader(result.output())) {
            assertThat(output.bands()).isEqualTo(3);
        }
    }

    @Test
    void readsFilesWhoseNameLooksLikeLibvipsOptions() throws IOException {
        Path odd = Files.copy(smallPng, fixtures.resolve("upload[1]"));

        Optimized result = optimize(odd, preset("web"));

        assertThat(result.outputWidth()).isEqualTo(400);
        assertThat(work.resolve("input")).doesNotExist();
    }

    Optimized optimize(Path input, Preset preset) {
        return optimizer.optimize(input, sniff(input), preset, work);
    }

    static MediaFormat sniff(Path file) {
        try {
            return new Sniffer().sniff(file).orElseThrow();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static String formatOf(Path file) {
        return sniff(file).shortName();
    }

    static Preset preset(String name) {
        return Presets.standard().find(name).orElseThrow();
    }

    static Preset custom(int maxWidth, List<Strategy> strategies) {
        return custom(maxWidth, strategies, List.of(IMAGE_WEBP));
    }

    static Preset custom(int maxWidth, List<Strategy> strategies, List<Strategy> animatedStrategies) {
        return new Preset("custom", "test preset",
                new ImageSettings(maxWidth, 80, 50, 80, strategies, animatedStrategies, preset("web").image().search()),
                preset("web").video());
    }
}
