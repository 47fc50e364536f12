package io.mediaopt.image;

import io.mediaopt.image.vips.Chroma;
import io.mediaopt.image.vips.SrgbPixels;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ColourFringesTest {
    private final Vips vips = TestPhotos.vips();

    @Test
    void saturatedRedAndBlueMeetingInsideEveryBlockFringe() {
        // columns alternate red, blue: every 2x2 block averages them, and every pixel moves
        SrgbPixels stripes = pixels(64, 64, (x, y) -> x % 2 == 0 ? new int[]{255, 0, 40} : new int[]{0, 60, 255});
        assertThat(traits(stripes).fringeShare()).isEqualTo(1.0);
        assertThat(traits(stripes).chroma()).isEqualTo(Chroma.KEPT);
    }

    @Test
    void theSameEdgesOnBlockBoundariesDoNot() {
        // two columns of each: every 2x2 block is one colour, which halving keeps
        SrgbPixels stripes = pixels(64, 64, (x, y) -> x / 2 % 2 == 0 ? new int[]{255, 0, 40} : new int[]{0, 60, 255});
        assertThat(traits(stripes).fringeShare()).isZero();
    }

    @Test
    void greysAndPhotographsKeepHalvedColour() {
        SrgbPixels greys = pixels(64, 64, (x, y) -> new int[]{x * 4, x * 4, x * 4});
        assertThat(traits(greys).fringeShare()).isZero();
        try (VipsImage photo = vips.thumbnail(TestPhotos.photo("chelsea.png"), false, 512, 512, false)) {
            SrgbPixels cat = vips.measure().srgbPixels(photo);
            assertThat(traits(cat).fringeShare()).isLessThan(PictureTraits.FRINGE_SHARE);
            assertThat(traits(cat).chroma()).isEqualTo(Chroma.HALVED);
        }
    }

    @Test
    void theRedRibbonOnBlueOfTheQualityCorpusKeepsItsColour() {
        try (VipsImage ribbon = vips.thumbnail(TestPhotos.corpusFile("fog-2004default.jpg"), false, 1920,
                Vips.MAX_COORD, false)) {
            assertThat(traits(vips.measure().srgbPixels(ribbon)).chroma()).isEqualTo(Chroma.KEPT);
        }
    }

    private static PictureTraits traits(SrgbPixels pixels) {
        return PictureTraits.of(pixels);
    }

    private interface Colour {
        int[] at(int x, int y);
    }

    private static SrgbPixels pixels(int w, int h, Colour colour) {
        byte[] bytes = new byte[w * h * 3];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int[] rgb = colour.at(x, y);
                for (int c = 0; c < 3; c++) bytes[(y * w + x) * 3 + c] = (byte) rgb[c];
            }
        }
        return new SrgbPixels(bytes, w, h, 3);
    }
}
