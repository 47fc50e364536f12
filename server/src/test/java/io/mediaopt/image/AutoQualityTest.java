package io.mediaopt.image;

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

/** The per-file quality search on real photographs, against the fixed setting it replaces. */
class AutoQualityTest {
    private static final Limits LIMITS = new Limits(200_000_000L, 100_000_000L, 1000, 1800,
            Duration.ofSeconds(15), Duration.ofSeconds(60), Duration.ofSeconds(60));
    private static final MediaFormat PNG = MediaFormat.PNG;
    private final Vips vips = TestPhotos.vips();

    @TempDir
    Path dir;

    @Test
    void everyPresetMeetsItsTargetWithinItsBoundsAndReportsWhatItMeasured() throws IOException {
        for (Preset preset : Presets.standard().all()) {
            for (String name : new String[]{"astronaut.png", "coffee.png"}) {
                Path work = Files.createDirectories(dir.resolve(preset.name() + "-" + name));
                Optimized out = optimize(QualityMode.AUTO, preset, TestPhotos.photo(name), work);
                var bounds = preset.image().search().bounds(out.strategy());
                assertThat(out.quality()).as("%s %s", preset.name(), name).isBetween(bounds.min(), bounds.max());
                assertThat(out.score()).as("%s %s", preset.name(), name)
                        .isGreaterThanOrEqualTo(preset.image().search().targetScore());
                // the reported score is the output's, measured again from the file
                assertThat(scoreAgainstResize(preset, TestPhotos.photo(name), out))
                        .isCloseTo(out.score(), within(0.01));
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

    private Optimized optimize(QualityMode mode, Preset preset, Path photo, Path work) throws IOException {
        Path input = Files.copy(photo, work.resolve("input.png"));
        return new ImageOptimizer(vips, LIMITS, mode).optimize(input, PNG, preset, work);
    }

    private double scoreAgainstResize(Preset preset, Path photo, Optimized out) {
        return new ImageScorer(vips).score(photo, preset.image(), out.output(), dir.resolve("reference.png"));
    }
}
