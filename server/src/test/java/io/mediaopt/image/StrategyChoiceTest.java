package io.mediaopt.image;

import io.mediaopt.media.Strategy;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.mediaopt.media.Strategy.IMAGE_AVIF;
import static io.mediaopt.media.Strategy.IMAGE_JPEG;
import static io.mediaopt.media.Strategy.IMAGE_PNG;
import static io.mediaopt.media.Strategy.IMAGE_WEBP;
import static org.assertj.core.api.Assertions.assertThat;

class StrategyChoiceTest {
    private static final List<Strategy> WEB = List.of(IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG);
    private static final List<Strategy> LOW_BANDWIDTH = List.of(IMAGE_AVIF, IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG);
    private static final StrategyChoice.Size PHOTO = new StrategyChoice.Size(1920, 1280);
    private static final StrategyChoice.Size TALL = new StrategyChoice.Size(1080, 20000);

    @Test
    void anOpaquePictureSkipsPngAndATransparentOneKeepsJpegForLast() {
        assertThat(StrategyChoice.forStill(WEB, false, PHOTO)).containsExactly(IMAGE_WEBP, IMAGE_JPEG);
        assertThat(StrategyChoice.forStill(WEB, true, PHOTO)).containsExactly(IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG);
    }

    @Test
    void formatsThatCannotHoldTheSizeAreLeftOut() {
        assertThat(StrategyChoice.forStill(WEB, true, TALL)).containsExactly(IMAGE_PNG, IMAGE_JPEG);
        assertThat(StrategyChoice.forStill(WEB, false, TALL)).containsExactly(IMAGE_JPEG);
        assertThat(StrategyChoice.forStill(LOW_BANDWIDTH, true, new StrategyChoice.Size(720, 13333)))
                .containsExactly(IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG);
        assertThat(StrategyChoice.forStill(LOW_BANDWIDTH, true, new StrategyChoice.Size(720, 8704)))
                .containsExactly(IMAGE_AVIF, IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG);
    }

    @Test
    void aPresetWithoutAFormatForAlphaLaysItOnWhiteAndAPngOnlyPresetKeepsPng() {
        assertThat(StrategyChoice.forStill(List.of(IMAGE_JPEG), true, PHOTO)).containsExactly(IMAGE_JPEG);
        assertThat(StrategyChoice.forStill(List.of(IMAGE_PNG), false, PHOTO)).containsExactly(IMAGE_PNG);
    }
}
