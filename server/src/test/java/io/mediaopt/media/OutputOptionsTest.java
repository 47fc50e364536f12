package io.mediaopt.media;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.mediaopt.media.Strategy.IMAGE_AVIF;
import static io.mediaopt.media.Strategy.IMAGE_JPEG;
import static io.mediaopt.media.Strategy.IMAGE_PNG;
import static io.mediaopt.media.Strategy.IMAGE_WEBP;
import static io.mediaopt.media.Strategy.VIDEO_MP4_AV1;
import static io.mediaopt.media.Strategy.VIDEO_MP4_H264;
import static io.mediaopt.media.Strategy.VIDEO_WEBM_VP9;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OutputOptionsTest {
    static final Presets PRESETS = Presets.standard();
    static final Preset WEB = PRESETS.find("web").orElseThrow();
    static final Preset LOW = PRESETS.find("low-bandwidth").orElseThrow();

    @Test
    void nothingAskedLeavesThePresetAsItIs() {
        assertThat(OutputOptions.NONE.applyTo(WEB)).isSameAs(WEB);
        assertThat(OutputOptions.parse(null, "auto", null)).isEqualTo(OutputOptions.NONE);
    }

    @Test
    void qualityAutoAsksForTheSearchWhateverTheServicesDefaultAndIsNotShownAsAPinnedQuality() {
        OutputOptions auto = OutputOptions.parse(" AUTO ", "auto", null);
        assertThat(auto.qualityAuto()).isTrue();
        assertThat(auto.quality()).isNull();
        assertThat(auto.requested()).isFalse();
        ImageSettings searched = auto.applyTo(WEB).image();
        assertThat(searched.searchAsked()).isTrue();
        assertThat(searched.withMaxWidth(300).withStrategies(List.of(IMAGE_WEBP), List.of(IMAGE_WEBP)).searchAsked())
                .isTrue();
        assertThat(WEB.image().searchAsked()).isFalse();
        assertThat(auto.accepting("image/avif").qualityAuto()).isTrue();
        assertThatThrownBy(() -> new OutputOptions(40, null, null, Set.of(), true))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aWidthOnlyNarrowsBothKinds() {
        Preset narrow = OutputOptions.parse(null, null, "300").applyTo(WEB);
        assertThat(narrow.image().maxWidth()).isEqualTo(300);
        assertThat(narrow.video().maxWidth()).isEqualTo(300);
        assertThat(narrow.image().strategies()).isEqualTo(WEB.image().strategies());
        Preset wide = OutputOptions.parse(null, null, "5000").applyTo(WEB);
        assertThat(wide.image().maxWidth()).isEqualTo(1920);
        assertThat(wide.video().maxWidth()).isEqualTo(1920);
    }

    @Test
    void aVideoIsNeverNarrowerThanTwoPixels() {
        Preset one = OutputOptions.parse(null, null, "1").applyTo(WEB);
        assertThat(one.image().maxWidth()).isEqualTo(1);
        assertThat(one.video().maxWidth()).isEqualTo(VideoSettings.MIN_WIDTH).isEqualTo(2);
    }

    @Test
    void aPinnedQualityReplacesEveryImageQualityAndTurnsTheSearchOff() {
        ImageSettings pinned = OutputOptions.parse("40", null, null).applyTo(WEB).image();
        assertThat(List.of(pinned.webpQuality(), pinned.avifQuality(), pinned.jpegQuality())).containsOnly(40);
        assertThat(pinned.searches()).isFalse();
        assertThat(WEB.image().searches()).isTrue();
        assertThat(OutputOptions.parse("40", null, null).applyTo(WEB).video()).isEqualTo(WEB.video());
    }

    @Test
    void aFormatIsThePresetsEncodingOfItOrTheServicesDefault() {
        Preset png = OutputOptions.parse(null, "PNG", null).applyTo(LOW);
        assertThat(png.image().strategies()).containsExactly(IMAGE_PNG);
        assertThat(png.image().animatedStrategies()).containsExactly(IMAGE_PNG);
        assertThat(png.video()).isEqualTo(LOW.video());
        assertThat(OutputOptions.parse(null, "avif", null).applyTo(WEB).image().strategies()).containsExactly(IMAGE_AVIF);
        assertThat(OutputOptions.parse(null, "webm", null).applyTo(WEB).video().strategies()).containsExactly(VIDEO_WEBM_VP9);
        assertThat(OutputOptions.parse(null, "mp4", null).applyTo(LOW).video().strategies()).containsExactly(VIDEO_MP4_H264);
        assertThat(OutputOptions.parse(null, "webm", null).applyTo(LOW).image()).isEqualTo(LOW.image());
    }

    @Test
    void av1IsThePresetsAv1SettingsInMp4WithoutTheCrfSearch() {
        VideoSettings av1 = OutputOptions.parse(null, "AV1", "640").applyTo(WEB).video();
        assertThat(av1.strategies()).containsExactly(VIDEO_MP4_AV1);
        assertThat(av1.crf()).isEqualTo(WEB.video().av1().crf());
        assertThat(av1.maxBitrateKbps()).isEqualTo(WEB.video().av1().maxBitrateKbps());
        assertThat(av1.maxWidth()).isEqualTo(640);
        assertThat(av1.audioBitrateKbps()).isEqualTo(WEB.video().audioBitrateKbps());
        assertThat(av1.quality()).isNull();
        assertThat(OutputOptions.parse(null, "av1", null).applyTo(WEB).image()).isEqualTo(WEB.image());
        assertThat(Strategy.VIDEO_MP4_AV1.output().contentType()).isEqualTo("video/mp4");
    }

    @Test
    void acceptChoosesOnlyAmongThePresetsFormats() {
        assertThat(OutputOptions.NONE.accepting("image/webp").applyTo(LOW).image().strategies())
                .containsExactly(IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG);
        assertThat(OutputOptions.NONE.accepting("image/avif,image/webp,*/*;q=0.8").applyTo(LOW).image().strategies())
                .containsExactly(IMAGE_AVIF, IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG);
        assertThat(OutputOptions.NONE.accepting("image/avif;q=0, image/webp;q=0.5").accepted())
                .containsExactly(MediaFormat.WEBP);
        assertThat(OutputOptions.NONE.accepting("image/avif").applyTo(WEB).image().strategies())
                .isEqualTo(WEB.image().strategies());
        assertThat(OutputOptions.NONE.accepting("*/*").accepted()).isEmpty();
        assertThat(OutputOptions.NONE.accepting(null).accepted()).isEmpty();
        assertThat(OutputOptions.parse(null, "jpeg", null).accepting("image/avif").accepted()).isEmpty();
        Preset animated = OutputOptions.NONE.accepting("image/avif").applyTo(LOW);
        assertThat(animated.image().animatedStrategies()).isEqualTo(LOW.image().animatedStrategies());
    }

    @Test
    void badValuesNameTheValidOnes() {
        assertThatThrownBy(() -> OutputOptions.parse("0", null, null)).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT)
                .hasMessage("Expected auto or a whole number from 1 to 100 in ASCII digits for quality but received \"0\"");
        assertThatThrownBy(() -> OutputOptions.parse(null, "gif", null))
                .hasMessage("Expected one of auto, webp, avif, jpeg, png, mp4, webm, av1 for format but received \"gif\"");
        assertThatThrownBy(() -> OutputOptions.parse(null, null, "0"))
                .hasMessage("Expected a whole number of pixels, 1 or more, in ASCII digits for width but received \"0\"");
    }

    @Test
    void numbersAreAsciiDigitsAndNothingElse() {
        for (String text : List.of("\uFF18\uFF10", "\u0668\u0660", "+80", "-80", " 80", "80 ", "8 0", "80.0", "8e1",
                "0x50", "")) {
            assertThatThrownBy(() -> OutputOptions.parse(text, null, null)).as(text)
                    .isInstanceOf(ServiceException.class)
                        .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT).hasMessageContaining("in ASCII digits for quality");
            assertThatThrownBy(() -> OutputOptions.parse(null, null, text)).as(text)
                    .isInstanceOf(ServiceException.class)
                        .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT).hasMessageContaining("in ASCII digits for width");
        }
        assertThat(OutputOptions.parse("080", null, "0320")).isEqualTo(OutputOptions.parse("80", null, "320"));
        assertThatThrownBy(() -> OutputOptions.parse(null, null, "99999999999")).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT);
    }

    @Test
    void theKindOfTheUploadBoundsFormatAndQuality() {
        OutputOptions.parse("50", "jpeg", "10").checkFits(MediaKind.IMAGE);
        OutputOptions.parse(null, "webm", "10").checkFits(MediaKind.VIDEO);
        assertThatThrownBy(() -> OutputOptions.parse(null, "webp", null).checkFits(MediaKind.VIDEO))
                .isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT).hasMessageContaining("one of mp4, webm, av1");
        assertThatThrownBy(() -> OutputOptions.parse(null, "mp4", null).checkFits(MediaKind.IMAGE))
                .hasMessageContaining("one of webp, avif, jpeg, png");
        assertThatThrownBy(() -> OutputOptions.parse("50", null, null).checkFits(MediaKind.VIDEO))
                .hasMessageContaining("quality auto for a video");
    }
}
