package io.mediaopt.media;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class MediaFormatTest {

    @Test
    void everyExtensionAndShortNameNamesOneFormat() {
        Map<String, MediaFormat> byExtension = new HashMap<>();
        for (MediaFormat format : MediaFormat.values()) {
            assertThat(MediaFormat.fromShortName(format.shortName())).hasValue(format);
            assertThat(format.extensions()).as(format.name()).isNotEmpty().allMatch(e -> e.equals(e.toLowerCase(Locale.ROOT)));
            for (String extension : format.extensions()) {
                assertThat(byExtension.put(extension, format)).as(extension).isNull();
            }
        }
        assertThat(MediaFormat.fromShortName("svg")).isEmpty();
    }

    @Test
    void everyStrategyWritesAFormatOfItsKind() {
        Arrays.stream(Strategy.values()).filter(s -> !s.isOriginal())
                .forEach(s -> assertThat(s.output().kind()).as(s.wireName()).isEqualTo(s.kind()));
        assertThat(Strategy.IMAGE_JPEG.output().extension()).isEqualTo("jpg");
    }

    @Test
    void namesAndListsFormatsForMessages() {
        assertThat(MediaFormat.JPEG.description()).isEqualTo("a JPEG image");
        assertThat(MediaFormat.MP4.description()).isEqualTo("an MP4 video");
        assertThat(MediaFormat.listOf(MediaKind.IMAGE)).isEqualTo("JPEG, PNG, GIF, WebP, AVIF, HEIF, TIFF");
        assertThat(MediaFormat.listOf(MediaKind.VIDEO))
                .isEqualTo("MP4, QuickTime, WebM, Matroska, AVI, MPEG-TS, 3GP, Ogg");
    }

    @Test
    void whatEachImageFormatCarries() {
        assertThat(MediaFormat.JPEG.carries().alpha()).isFalse();
        assertThat(MediaFormat.PNG.carries().alpha()).isTrue();
        assertThat(MediaFormat.WEBP.carries().animation()).isTrue();
        assertThat(MediaFormat.GIF.carries().animation()).isTrue();
        assertThat(MediaFormat.AVIF.carries().animation()).isFalse();
        assertThat(MediaFormat.WEBP.carries().maxDimension()).isEqualTo(16_383);
    }
}
