package io.mediaopt.imageurl;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The quality each format of a URL render is saved at: the preset's, as its responsive sets take it. */
class FormatQualitiesTest {
    private static final int WEB_AVIF = 61;
    private static final int WEB_JPEG = 82;
    private final Presets presets = Presets.standard();
    private final FormatQualities qualities = new FormatQualities(presets);

    private int of(String preset, UrlFormat format) {
        return qualities.of(ImageOptions.DEFAULTS.withPreset(preset), format);
    }

    @Test
    void eachFormatTakesTheQualityItsPresetEncodesResponsiveSetsAt() {
        for (Preset preset : presets.all()) {
            ImageSettings image = preset.image();
            assertThat(of(preset.name(), UrlFormat.WEBP)).isEqualTo(image.fixedQuality(Strategy.IMAGE_WEBP));
            assertThat(of(preset.name(), UrlFormat.AVIF)).isEqualTo(image.fixedQuality(Strategy.IMAGE_AVIF));
            assertThat(of(preset.name(), UrlFormat.JPEG)).isEqualTo(image.fixedQuality(Strategy.IMAGE_JPEG));
            assertThat(of(preset.name(), UrlFormat.BEST)).isEqualTo(image.fixedQuality(Strategy.IMAGE_JPEG));
            assertThat(of(preset.name(), UrlFormat.PNG)).isZero();
        }
    }

    @Test
    void theWebPresetMatchesItsWebpByBothJudges() {
        // docs/quality.md, "Images by URL: format qualities"
        assertThat(of("web", UrlFormat.WEBP)).isEqualTo(80);
        assertThat(of("web", UrlFormat.AVIF)).isEqualTo(WEB_AVIF);
        assertThat(of("web", UrlFormat.JPEG)).isEqualTo(WEB_JPEG);
        assertThat(of(null, UrlFormat.AVIF)).isEqualTo(WEB_AVIF);
    }

    @Test
    void aNumberInTheUrlIsTakenAsItIsForEveryFormat() {
        ImageOptions asked = ImageOptions.DEFAULTS.withPreset("mobile").withQuality(70, false);
        for (UrlFormat format : UrlFormat.values()) assertThat(qualities.of(asked, format)).isEqualTo(70);
    }
}
