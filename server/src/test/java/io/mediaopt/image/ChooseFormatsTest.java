package io.mediaopt.image;

import io.mediaopt.Fixtures;
import io.mediaopt.image.vips.VipsCommand;
import io.mediaopt.image.vips.Watchdog;
import io.mediaopt.media.Preset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static io.mediaopt.image.ImageOptimizerTest.preset;
import static io.mediaopt.media.Strategy.IMAGE_JPEG;
import static io.mediaopt.media.Strategy.IMAGE_PNG;
import static io.mediaopt.media.Strategy.IMAGE_WEBP;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chooseFormats step on real files: the order of the formats, and whether the input may stand
 * in for them (the rules of the order alone are in {@link StrategyChoiceTest}).
 */
class ChooseFormatsTest {
    @TempDir
    static Path fixtures;
    @TempDir
    Path work;

    static Path squeezed;

    @BeforeAll
    static void makeFixtures() {
        // already what web delivers: a stripped JPEG narrower than 1920
        squeezed = fixtures.resolve("squeezed.jpg");
        VipsCommand.run("thumbnail", Fixtures.photoJpeg(1600, 1200).toString(), squeezed + "[Q=15,strip]", "600");
    }

    @Test
    void aStillThatIsAlreadyWhatThePresetDeliversMayStandIn() {
        StrategyChoice.Formats formats = choose(squeezed, preset("web"));

        assertThat(formats.order()).containsExactly(IMAGE_WEBP, IMAGE_JPEG);
        assertThat(formats.originalRefusal()).isEmpty();
        assertThat(formats.sizeToBeat(1234)).isEqualTo(1234);
    }

    @Test
    void anInputWithDataAfterTheImageMayNotStandInAndTakesTheFirstEncoding() throws IOException {
        Path polyglot = fixtures.resolve("polyglot.jpg");
        Files.copy(squeezed, polyglot);
        Files.write(polyglot, "PK\u0003\u0004 a second face".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                StandardOpenOption.APPEND);

        StrategyChoice.Formats formats = choose(polyglot, preset("web"));

        assertThat(formats.originalRefusal()).contains("other data follows it");
        assertThat(formats.sizeToBeat(1234)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void anAnimationTakesThePresetsAnimatedFormatsAsTheyStand() {
        StrategyChoice.Formats formats = choose(Fixtures.animatedGif(160, 120, 5), preset("low-bandwidth"));

        assertThat(formats.order()).containsExactly(IMAGE_WEBP);
        assertThat(formats.originalRefusal()).contains("its format, gif, is not one the preset delivers");
    }

    @Test
    void aTransparentStillKeepsItsAlphaFirstAndJpegLast() {
        StrategyChoice.Formats formats = choose(Fixtures.photoPng(400, 300, true), preset("web"));

        assertThat(formats.order()).containsExactly(IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG);
        assertThat(formats.originalRefusal()).isEmpty();
    }

    private StrategyChoice.Formats choose(Path file, Preset preset) {
        try (Watchdog watchdog = Watchdog.start(ImageOptimizerTest.LIMITS.imageTimeout())) {
            return ImageJobs.readyToEncode(file, preset, work, watchdog, QualityMode.AUTO).formats();
        }
    }
}
