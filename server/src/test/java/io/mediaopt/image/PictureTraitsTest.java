package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class PictureTraitsTest {
    private final Vips vips = TestPhotos.vips();

    @ParameterizedTest
    @CsvSource({"photo, chelsea.png, 451", "corpus, fog-2004default.jpg, 1920", "corpus, dark-ela-original.jpg, 1000"})
    void readStripByStripTheyAreThoseOfTheWholePicture(String from, String name, int width) {
        Path file = from.equals("photo") ? TestPhotos.photo(name) : TestPhotos.corpusFile(name);
        // heights that are not a whole number of strips, nor of blocks
        try (VipsImage fitted = vips.thumbnail(file, false, width, Vips.MAX_COORD, false);
             VipsImage picture = vips.copyMemory(fitted)) {
            assertThat(picture.height() % PictureTraits.STRIP_ROWS).isNotZero();
            assertThat(PictureTraits.of(vips, picture))
                    .isEqualTo(PictureTraits.of(vips.measure().srgbPixels(picture)));
        }
    }
}
