package io.mediaopt.image;

import io.mediaopt.image.vips.Chroma;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.quality.Ssimulacra2;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The preset's quality, raised where it fails: on real photographs, each output scored again apart. */
class CheckedQualityTest {
    private final Vips vips = TestPhotos.vips();

    @TempDir
    Path dir;

    @Test
    void aMissIsRaisedAFewQualitiesAtATimeUntilTheTargetIsMet() {
        try (VipsImage picture = fitted(TestPhotos.photo("astronaut.png"))) {
            Path output = dir.resolve("out.webp");
            CheckedQuality.Found found = checked().raise(picture, reference(picture), output, 30, 95, 0.43, 85, Chroma.HALVED);
            assertThat(found.encodes()).isGreaterThan(1);
            assertThat(found.quality()).isBetween(31, 30 + CheckedQuality.STEP * (found.encodes() - 1));
            assertThat(found.score()).isGreaterThanOrEqualTo(85).isCloseTo(score(picture, output), within(0.01));
            assertThat(dir.toFile().list()).containsExactly("out.webp");
        }
    }

    @Test
    void aMissTheTopCannotMendKeepsTheTop() {
        try (VipsImage picture = fitted(TestPhotos.photo("astronaut.png"))) {
            Path output = dir.resolve("out.webp");
            CheckedQuality.Found found = checked().raise(picture, reference(picture), output, 30, 40, 0.43, 99, Chroma.HALVED);
            assertThat(found.quality()).isEqualTo(40);
            assertThat(found.score()).isLessThan(99).isCloseTo(score(picture, output), within(0.01));
        }
    }

    @Test
    void aPictureNeitherDarkFlatNorColourLetteredGetsThePresetsQualityUnscored() {
        try (VipsImage picture = fitted(TestPhotos.photo("chelsea.png"))) {
            assertThat(PictureTraits.of(vips.measure().srgbPixels(picture)).atRisk()).isFalse();
            CheckedQuality.Found found = find(picture);
            assertThat(found).isEqualTo(new CheckedQuality.Found(80, null, 1, Chroma.HALVED));
            assertThat(Files.exists(dir.resolve("out.webp"))).isTrue();
        }
    }

    @Test
    void aDarkPictureIsScoredAndNeverGoesBelowThePresetsQuality() {
        try (VipsImage picture = fitted(TestPhotos.corpusFile("dark-darkesthour.jpg"))) {
            assertThat(PictureTraits.of(vips.measure().srgbPixels(picture)).atRisk()).isTrue();
            CheckedQuality.Found found = find(picture);
            assertThat(found.quality()).isBetween(80, 80 + CheckedQuality.RAISE);
            assertThat(found.score()).isCloseTo(score(picture, dir.resolve("out.webp")), within(0.01));
        }
    }

    private CheckedQuality.Found find(VipsImage picture) {
        var web = Presets.standard().find("web").orElseThrow().image();
        return checked().find(picture, Strategy.IMAGE_WEBP, web.search(), web.webpQuality(), dir.resolve("out.webp"));
    }

    private CheckedQuality checked() {
        return new CheckedQuality(vips, (in, file, q, chroma) -> vips.save().webp(in, file, q, 4, chroma), () -> {});
    }

    /** The photograph at 512 px, held in memory as the encoder holds it. */
    private VipsImage fitted(Path photo) {
        try (VipsImage fitted = vips.thumbnail(photo, false, 512, 512, false)) {
            return vips.copyMemory(fitted);
        }
    }

    private Ssimulacra2.Reference reference(VipsImage picture) {
        return new Ssimulacra2.Reference(vips.measure().srgbPixels(picture).linear());
    }

    private double score(VipsImage picture, Path output) {
        try (VipsImage decoded = vips.open(output)) {
            return Ssimulacra2.score(vips.measure().srgbPixels(picture).linear(),
                    vips.measure().srgbPixels(decoded).linear());
        }
    }
}
