package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;

import io.mediaopt.Fixtures;
import io.mediaopt.media.Limits;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Quality per file on real photographs, against the fixed setting it starts from. */
class AutoQualityTest {
    private static final Limits LIMITS = new Limits(200_000_000L, 100_000_000L, 1000, 1800,
            Duration.ofSeconds(15), Duration.ofSeconds(60), Duration.ofSeconds(60));
    private static final MediaFormat PNG = MediaFormat.PNG;
    private final Vips vips = TestPhotos.vips();

    @TempDir
    Path dir;

    @Test
    void everyPresetKeepsItsQualityOrRaisesItAndReportsWhatItMeasured() throws IOException {
        for (Preset preset : Presets.standard().all()) {
            for (String name : new String[]{"astronaut.png", "coffee.png"}) {
                Path work = Files.createDirectories(dir.resolve(preset.name() + "-" + name));
                Optimized out = optimize(QualityMode.AUTO, preset, TestPhotos.photo(name), work);
                int fixed = preset.image().fixedQuality(out.strategy());
                assertThat(out.quality()).as("%s %s", preset.name(), name)
                        .isBetween(fixed, fixed + CheckedQuality.RAISE);
                if (out.score() == null) {
                    assertThat(out.quality()).as("%s %s unscored", preset.name(), name).isEqualTo(fixed);
                    continue;
                }
                // the reported score is the output's, measured again from the file
                assertThat(scoreAgainstResize(preset, TestPhotos.photo(name), out))
                        .isCloseTo(out.score(), within(0.01));
                if (out.quality() > fixed) {
                    assertThat(out.score()).as("%s %s raised", preset.name(), name)
                            .isGreaterThanOrEqualTo(preset.image().search().targetScore());
                }
            }
        }
    }

    @Test
    void theFixedModeKeepsThePresetsQualityAndMeasuresNothing() throws IOException {
        Preset web = Presets.standard().find("web").orElseThrow();
        Optimized out = optimize(QualityMode.FIXED, web, TestPhotos.photo("chelsea.png"), dir);
        assertThat(out.strategy()).isEqualTo(Strategy.IMAGE_WEBP);
        assertThat(out.quality()).isEqualTo(web.image().webpQuality());
        assertThat(out.score()).isNull();
    }

    @Test
    void anAnimationKeepsThePresetsQualityWithoutASearch() throws IOException {
        Preset web = Presets.standard().find("web").orElseThrow();
        Path input = Files.copy(Fixtures.animatedGif(), dir.resolve("input.gif"));
        Optimized out = new ImageOptimizer(vips, LIMITS, QualityMode.AUTO).optimize(input, MediaFormat.GIF, web, dir);
        assertThat(out.strategy()).isEqualTo(Strategy.IMAGE_WEBP);
        assertThat(out.quality()).isEqualTo(web.image().webpQuality());
        assertThat(out.score()).isNull();
    }

    @Test
    void aPictureTooSmallToScoreKeepsThePresetsQualityWithoutASearch() throws IOException {
        Preset web = Presets.standard().find("web").orElseThrow();
        Path input = Files.copy(Fixtures.photoPng(31, 120, false), dir.resolve("input.png"));
        Optimized out = new ImageOptimizer(vips, LIMITS, QualityMode.AUTO).optimize(input, PNG, web, dir);
        assertThat(out.outputWidth()).isEqualTo(31);
        if (out.strategy() == Strategy.IMAGE_WEBP) {
            assertThat(out.quality()).isEqualTo(web.image().webpQuality());
        }
        assertThat(out.score()).isNull();
    }

    @Test
    void aPictureWebpCannotBringToItsTargetComesOutInTheNextFormatThatCan() throws IOException {
        Preset web = Presets.standard().find("web").orElseThrow();
        Path input = colouredDetail(dir.resolve("coloured.png"));
        Path webpOnly = Files.createDirectories(dir.resolve("webp-only"));
        Preset onlyWebp = new Preset("web", web.description(), web.image().withStrategies(
                java.util.List.of(Strategy.IMAGE_WEBP), web.image().animatedStrategies()), web.video());
        Optimized webp = new ImageOptimizer(vips, LIMITS, QualityMode.AUTO).optimize(input, PNG, onlyWebp, webpOnly);
        // WebP halves the colour planes: even raised as far as it may go it misses the target
        assertThat(webp.strategy()).isEqualTo(Strategy.IMAGE_WEBP);
        assertThat(webp.quality()).isEqualTo(web.image().webpQuality() + CheckedQuality.RAISE);
        assertThat(webp.score()).isLessThan(web.image().search().targetScore());

        Path both = Files.createDirectories(dir.resolve("preset"));
        Optimized out = new ImageOptimizer(vips, LIMITS, QualityMode.AUTO).optimize(input, PNG, web, both);
        assertThat(out.strategy()).isEqualTo(Strategy.IMAGE_JPEG);
        assertThat(out.score()).isGreaterThanOrEqualTo(web.image().search().targetScore());
        assertThat(scoreAgainstResize(web, input, out)).isCloseTo(out.score(), within(0.01));
        try (var files = Files.list(both)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly("output.jpg");
        }
    }

    /**
     * Lines of small saturated marks on near-black, a pixel or two wide, as coloured text in a
     * dark screenshot: what halved colour planes smear. Two thirds of it is that dark ground, so
     * it is checked as a dark picture.
     */
    private static Path colouredDetail(Path out) throws IOException {
        int[] colours = {0xd01010, 0x1030d0, 0x10a020, 0xc000c0};
        var image = new java.awt.image.BufferedImage(320, 216, java.awt.image.BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int row = y % 24;
                boolean mark = row < 8 && (x % 7 == 1 || (x % 7 == 3 && row % 3 == 0) || row == 4 && x % 7 < 5);
                image.setRGB(x, y, mark ? colours[(x / 7 + y / 24) % colours.length] : 0x141414);
            }
        }
        javax.imageio.ImageIO.write(image, "png", out.toFile());
        return out;
    }

    private Optimized optimize(QualityMode mode, Preset preset, Path photo, Path work) throws IOException {
        Path input = Files.copy(photo, work.resolve("input.png"));
        return new ImageOptimizer(vips, LIMITS, mode).optimize(input, PNG, preset, work);
    }

    private double scoreAgainstResize(Preset preset, Path photo, Optimized out) {
        return new ImageScorer(vips).score(photo, preset.image(), out.output(), dir.resolve("reference.png"));
    }
}
