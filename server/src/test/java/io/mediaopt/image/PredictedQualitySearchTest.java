package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.image.vips.SrgbPixels;

import io.mediaopt.media.ImageQuality;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.quality.Ssimulacra2;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The quality predicted from a picture's features, and the check that corrects it, on real photographs. */
class PredictedQualitySearchTest {
    private static final QualityModel MODEL = QualityModel.standard();
    private final Vips vips = TestPhotos.vips();

    @TempDir
    Path dir;

    @Test
    void everyPresetsFormatGetsAQualityInsideTheEncodersRange() {
        for (Preset preset : Presets.standard().all()) {
            Strategy strategy = preset.image().strategies().getFirst();
            for (String name : new String[]{"astronaut.png", "coffee.png", "chelsea.png", "rocket.jpg"}) {
                try (VipsImage fitted = vips.thumbnail(TestPhotos.photo(name), false, preset.image().maxWidth(),
                        Vips.MAX_COORD, false); VipsImage picture = vips.copyMemory(fitted)) {
                    QualityModel.Prediction prediction =
                            predict(vips.measure().srgbPixels(picture), strategy, preset.image().search());
                    assertThat(prediction.quality()).as("%s %s", preset.name(), name).isBetween(1.0, 100.0);
                    assertThat(prediction.slope()).as("score points per quality step").isBetween(0.1, 3.0);
                }
            }
        }
    }

    @Test
    void aBlurredPictureIsPredictedALowerQualityThanItsSharpSelf() {
        Preset web = Presets.standard().find("web").orElseThrow();
        Strategy webp = web.image().strategies().getFirst();
        try (VipsImage fitted = vips.thumbnail(TestPhotos.photo("astronaut.png"), false, 512, 512, false);
             VipsImage picture = vips.copyMemory(fitted)) {
            SrgbPixels sharp = vips.measure().srgbPixels(picture);
            SrgbPixels blurred = blocky(sharp, 4);
            double sharpQuality = predict(sharp, webp, web.image().search()).quality();
            double blurredQuality = predict(blurred, webp, web.image().search()).quality();
            assertThat(blurredQuality).isLessThan(sharpQuality);
        }
    }

    /** The picture with each {@code side} x {@code side} block filled by its top left pixel: fine detail gone. */
    private static SrgbPixels blocky(SrgbPixels pixels, int side) {
        int w = pixels.width(), bands = pixels.bands();
        byte[] out = new byte[pixels.bytes().length];
        for (int y = 0; y < pixels.height(); y++) {
            for (int x = 0; x < w; x++) {
                int from = ((y - y % side) * w + (x - x % side)) * bands;
                System.arraycopy(pixels.bytes(), from, out, (y * w + x) * bands, bands);
            }
        }
        return new SrgbPixels(out, w, pixels.height(), bands);
    }

    @Test
    void aMissIsEncodedAgainUntilTheTargetIsMet() {
        // a prediction far too low for the target: the first encode misses it
        Checked checked = verify("astronaut.png", 10, 85);
        assertThat(checked.found().encodes()).isGreaterThan(1);
        assertThat(checked.found().quality()).isGreaterThan(30);
        assertThat(checked.measured()).isGreaterThanOrEqualTo(85).isCloseTo(checked.found().score(), within(0.01));
    }

    @Test
    void aFirstEncodeFarAboveTheTargetTriesOnceLowerAndKeepsThatWhenItPasses() {
        Checked checked = verify("coffee.png", 93, 55);
        assertThat(checked.found().encodes()).isEqualTo(2);
        assertThat(checked.found().quality()).isLessThan(95);
        assertThat(checked.measured()).isGreaterThanOrEqualTo(55);
    }

    private record Checked(QualityFinder.Found found, double measured) {}

    /** A photograph at 512 px checked from {@code predicted} (WebP 30 to 95), and its output's score measured apart. */
    private Checked verify(String photo, double predicted, double target) {
        try (VipsImage fitted = vips.thumbnail(TestPhotos.photo(photo), false, 512, 512, false);
             VipsImage picture = vips.copyMemory(fitted)) {
            Path output = dir.resolve(photo + ".webp");
            QualityFinder.Found found = search().verify(picture, vips.measure().srgbPixels(picture), output, 30, 95,
                    new QualityModel.Prediction(predicted, 0.5), target);
            return new Checked(found, score(picture, output));
        }
    }

    private PredictedQualitySearch search() {
        return new PredictedQualitySearch(vips, (in, file, q) -> vips.save().webp(in, file, q, 4), () -> {}, MODEL);
    }

    private static QualityModel.Prediction predict(SrgbPixels pixels, Strategy strategy, ImageQuality search) {
        return MODEL.predict(strategy, PictureFeatures.of(pixels, PictureTraits.of(pixels)), search.targetScore())
                .orElseThrow();
    }

    private double score(VipsImage picture, Path output) {
        try (VipsImage decoded = vips.open(output)) {
            return Ssimulacra2.score(vips.measure().srgbPixels(picture).linear(),
                    vips.measure().srgbPixels(decoded).linear());
        }
    }
}
