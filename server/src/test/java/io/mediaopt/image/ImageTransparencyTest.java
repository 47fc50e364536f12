package io.mediaopt.image;

import io.mediaopt.image.vips.PixelProbe;

import io.mediaopt.devices.DeviceImages;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A picture that uses transparency keeps it, or is laid on white and the result says so. */
class ImageTransparencyTest {
    @TempDir
    Path work;
    /** Where the one web optimization of the tall screenshot, checked by two tests, is written. */
    @TempDir
    static Path shared;

    static ImageOptimizer optimizer;
    static Path tallScreenshot;
    static Path opaqueTallScreenshot;
    static Path sticker;
    private static Optimized tallForWeb;

    @BeforeAll
    static void makeFixtures() {
        optimizer = new ImageOptimizer(TestVips.open(), ImageOptimizerTest.LIMITS, QualityMode.FIXED);
        // a phone's full-page screenshot, 1080x20000 (testsrc2 draws even sizes), its left half transparent
        tallScreenshot = DeviceImages.screenshot("tall-transparent", 1080, 20001, true);
        opaqueTallScreenshot = DeviceImages.screenshot("tall-opaque", 1080, 20001, false);
        sticker = DeviceImages.screenshot("sticker", 600, 400, true);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"web, image-png, 1080", "mobile, image-png, 1080", "low-bandwidth, image-webp, 720"})
    void aTallTransparentScreenshotKeepsItsAlphaWhereWebpCannotTakeIt(String preset, String strategy, int width) {
        Optimized result = preset.equals("web") ? tallForWeb()
                : optimize(tallScreenshot, Presets.standard().find(preset).orElseThrow());

        assertThat(result.strategy().wireName()).isIn(strategy, "image-original");
        assertThat(result.alphaFlattened()).isFalse();
        PixelProbe.Header out = PixelProbe.header(result.output());
        assertThat(out.width()).isEqualTo(width);
        int inputHeight = PixelProbe.header(tallScreenshot).height();
        assertThat(inputHeight).isGreaterThan(StrategyChoice.WEBP_MAX_SIDE);
        assertThat(out.height()).isCloseTo((int) Math.round((double) inputHeight * width / 1080), within(1));
        assertThat(out.alpha()).isTrue();
        assertThat(PixelProbe.mean(result.output(), 0, 0, width / 4, 100)[out.bands() - 1]).as("left: transparent").isZero();
        assertThat(PixelProbe.mean(result.output(), width * 3 / 4, 0, width / 4, 100)[out.bands() - 1])
                .as("right: opaque").isCloseTo(255, within(1.0));
    }

    @Test
    void thePngIsQuantisedWhenThatIsSmaller() throws Exception {
        Optimized result = tallForWeb();

        assertThat(result.strategy()).isEqualTo(Strategy.IMAGE_PNG);
        assertThat(Files.size(result.output())).isLessThan(Files.size(tallScreenshot) / 2);
    }

    @Test
    void anOpaqueAlphaChannelIsNoReasonToLeaveJpeg() {
        Optimized result = optimize(opaqueTallScreenshot, Presets.standard().find("web").orElseThrow());

        assertThat(result.strategy()).isEqualTo(Strategy.IMAGE_JPEG);
        assertThat(result.alphaFlattened()).isFalse();
    }

    @Test
    void aTransparentStickerStaysTransparentWebp() {
        Optimized result = optimize(sticker, Presets.standard().find("web").orElseThrow());

        assertThat(result.strategy()).isEqualTo(Strategy.IMAGE_WEBP);
        assertThat(result.alphaFlattened()).isFalse();
        assertThat(PixelProbe.header(result.output()).alpha()).isTrue();
        assertThat(PixelProbe.alphaMinimum(result.output())).isZero();
    }

    @Test
    void whenThePresetHasNoFormatWithAlphaThePictureIsLaidOnWhiteAndTheResultSaysSo() {
        Preset jpegOnly = new Preset("jpeg-only", "JPEG only",
                new ImageSettings(1920, 80, 50, 82, List.of(Strategy.IMAGE_JPEG), List.of(Strategy.IMAGE_WEBP),
                        Presets.standard().find("web").orElseThrow().image().search()), null);

        Optimized result = optimize(sticker, jpegOnly);

        assertThat(result.strategy()).isEqualTo(Strategy.IMAGE_JPEG);
        assertThat(result.alphaFlattened()).isTrue();
        assertThat(PixelProbe.header(result.output()).bands()).isEqualTo(3);
        double[] transparentPart = PixelProbe.mean(result.output(), 20, 20, 200, 300);
        assertThat(Arrays.stream(transparentPart).min().orElseThrow()).isGreaterThan(250);
    }

    private static synchronized Optimized tallForWeb() {
        if (tallForWeb == null) {
            Preset web = Presets.standard().find("web").orElseThrow();
            tallForWeb = optimizer.optimize(tallScreenshot, ImageOptimizerTest.sniff(tallScreenshot), web, shared);
        }
        return tallForWeb;
    }

    private Optimized optimize(Path input, Preset preset) {
        return optimizer.optimize(input, ImageOptimizerTest.sniff(input), preset, work);
    }
}
