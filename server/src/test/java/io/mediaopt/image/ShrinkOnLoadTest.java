package io.mediaopt.image;

import io.mediaopt.Fixtures;
import io.mediaopt.image.vips.VipsCommand;
import io.mediaopt.image.vips.SrgbPixels;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.quality.Ssimulacra2;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A JPEG at least twice the target's size is decoded at a fraction of it, and looks the same. */
class ShrinkOnLoadTest {
    private final Vips vips = TestPhotos.vips();

    @TempDir
    Path dir;

    @Test
    void theFractionLeavesThePictureAtLeastAsBigAsTheBox() {
        assertThat(jpeg(4000, 3000).jpegShrinkOnLoad(1920, Vips.MAX_COORD)).isEqualTo(2);
        assertThat(jpeg(3839, 2160).jpegShrinkOnLoad(1920, Vips.MAX_COORD)).isEqualTo(1);
        assertThat(jpeg(3840, 2160).jpegShrinkOnLoad(1920, Vips.MAX_COORD)).isEqualTo(2);
        assertThat(jpeg(7680, 4320).jpegShrinkOnLoad(1280, Vips.MAX_COORD)).isEqualTo(4);
        assertThat(jpeg(40000, 100).jpegShrinkOnLoad(320, Vips.MAX_COORD)).isEqualTo(8);
        // a portrait fitted by its height (turned sideways): the height decides
        assertThat(jpeg(3000, 4000).jpegShrinkOnLoad(Vips.MAX_COORD, 1920)).isEqualTo(2);
        assertThat(jpeg(1600, 1200).jpegShrinkOnLoad(1920, Vips.MAX_COORD)).isEqualTo(1);
    }

    @Test
    void onlyStillColourJpegsAreDecodedSmaller() {
        assertThat(header(MediaFormat.PNG, 4000, 3000, 1, false).jpegShrinkOnLoad(1920, Vips.MAX_COORD)).isEqualTo(1);
        assertThat(header(MediaFormat.JPEG, 4000, 3000, 1, true).jpegShrinkOnLoad(1920, Vips.MAX_COORD)).isEqualTo(1);
        assertThat(header(MediaFormat.JPEG, 4000, 3000, 2, false).jpegShrinkOnLoad(1920, Vips.MAX_COORD))
                .isEqualTo(1);
    }

    @Test
    void theSmallerDecodeLooksLikeTheWholeOne() {
        Path photo = Fixtures.photoJpeg(4000, 3000);
        try (VipsImage whole = vips.thumbnail(photo, false, 1920, Vips.MAX_COORD, false);
             VipsImage shrunk = vips.thumbnailJpeg(photo, 2, 1920, Vips.MAX_COORD, false)) {
            SrgbPixels a = vips.measure().srgbPixels(whole);
            SrgbPixels b = vips.measure().srgbPixels(shrunk);
            assertThat(b.width()).isEqualTo(1920);
            assertThat(b.height()).isEqualTo(1440);
            // WebP at the web preset's quality scores ~75 against the picture: this is far closer
            double score = Ssimulacra2.score(a.linear(), b.linear());
            assertThat(score).isGreaterThan(85);
        }
    }

    @Test
    void aWideGamutJpegDecodedSmallerKeepsItsColours() {
        Path p3 = dir.resolve("p3.jpg");
        VipsCommand.run("icc_transform", Fixtures.photoJpeg(4000, 3000).toString(), p3 + "[Q=90,strip=false]", "p3");
        try (VipsImage wholeRead = vips.thumbnail(p3, false, 1920, Vips.MAX_COORD, true);
             VipsImage shrunkRead = vips.thumbnailJpeg(p3, 2, 1920, Vips.MAX_COORD, true);
             VipsImage whole = vips.copyMemory(wholeRead);
             VipsImage shrunk = vips.copyMemory(shrunkRead)) {
            for (int band = 0; band < 3; band++) {
                try (VipsImage a = vips.extractBand(whole, band); VipsImage b = vips.extractBand(shrunk, band)) {
                    assertThat(vips.measure().average(b)).as("band %d", band)
                            .isCloseTo(vips.measure().average(a), within(0.5));
                }
            }
        }
    }

    private static ImageHeader jpeg(int width, int height) {
        return header(MediaFormat.JPEG, width, height, 1, false);
    }

    private static ImageHeader header(MediaFormat format, int width, int height, int frames, boolean cmyk) {
        return new ImageHeader(format, width, height, frames, 1, false, false, false, cmyk);
    }
}
