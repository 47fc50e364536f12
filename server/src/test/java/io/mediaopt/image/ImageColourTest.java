package io.mediaopt.image;

import io.mediaopt.image.vips.PixelProbe;
import io.mediaopt.image.vips.VipsCommand;

import io.mediaopt.Fixtures;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Presets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Wide-gamut and print colour reaches sRGB as libvips' own icc_transform puts it there,
 * measured in CIELAB on saturated patches; untagged pictures are sRGB and keep their colours.
 */
class ImageColourTest {
    @TempDir
    static Path fixtures;
    @TempDir
    Path work;

    static ImageOptimizer optimizer;
    static Path patches;

    @BeforeAll
    static void makeFixtures() throws Exception {
        optimizer = new ImageOptimizer(TestVips.open(), ImageOptimizerTest.LIMITS, QualityMode.FIXED);
        patches = ColourPatches.make(fixtures);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"p3, p3", "adobe-rgb, " + ColourPatches.ADOBE_RGB, "prophoto, " + ColourPatches.PROPHOTO})
    void wideGamutIsConvertedToSrgbAsIccTransformDoes(String name, String profile) throws Exception {
        check(ColourPatches.tagged(fixtures, patches, profile, name), name);
    }

    @Test
    void cmykWithItsProfileIsConvertedToSrgb() throws Exception {
        Path cmyk = fixtures.resolve("cmyk.jpg");
        VipsCommand.run("icc_transform", patches.toString(), cmyk + "[Q=95,strip=false]", "cmyk");
        assertThat(PixelProbe.header(cmyk).bands()).isEqualTo(4);
        check(cmyk, "cmyk");
    }

    @Test
    void cmykWithoutAProfileGoesThroughLibvipsCmykProfile() throws Exception {
        Path cmyk = fixtures.resolve("cmyk-untagged.jpg");
        VipsCommand.run("icc_transform", patches.toString(), cmyk + "[Q=95,strip]", "cmyk");
        Path reference = fixtures.resolve("cmyk-untagged-reference.png");
        VipsCommand.run("icc_transform", cmyk.toString(), reference.toString(), "srgb", "--input-profile", "cmyk");
        check(cmyk, reference, "cmyk-untagged");
    }

    @Test
    void anUntaggedPictureIsSrgbAndKeepsItsColours() {
        Optimized result = optimize(patches);
        for (int i = 0; i < ColourPatches.COLOURS.length; i++) {
            double[] expected = ColourPatches.rgb(ColourPatches.COLOURS[i]);
            double[] seen = ColourPatches.centre(result.output(), i);
            assertThat(PixelProbe.deltaE(seen, expected)).as("patch %s", ColourPatches.COLOURS[i]).isLessThan(2.5);
        }
    }

    @Test
    void sixteenBitsAreRoundedWithoutBanding() throws Exception {
        // a 16-bit grey ramp from 0 to 65535 over 1024 columns: 4 columns per 8-bit level
        Path ramp = fixtures.resolve("ramp16.png");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "nullsrc=s=1024x64,format=gray16le,geq=lum='X*65535/1023'",
                "-frames:v", "1", "-pix_fmt", "gray16be", ramp.toString());
        Optimized result = optimize(ramp);
        assertThat(PixelProbe.header(result.output()).width()).isEqualTo(1024);
        double previous = -1;
        for (int strip = 0; strip < 32; strip++) {
            double seen = PixelProbe.mean(result.output(), strip * 32, 8, 32, 48)[0];
            double expected = (strip * 32 + 15.5) * 255.0 / 1023;
            assertThat(seen).as("strip %d", strip).isCloseTo(expected, within(1.5));
            assertThat(seen).as("strip %d rises", strip).isGreaterThan(previous);
            previous = seen;
        }
    }

    private void check(Path input, String name) throws Exception {
        check(input, ColourPatches.reference(fixtures, input, name), name);
    }

    private void check(Path input, Path reference, String name) throws Exception {
        Optimized result = optimize(input);
        for (int i = 0; i < ColourPatches.COLOURS.length; i++) {
            double[] expected = ColourPatches.centre(reference, i);
            double[] seen = ColourPatches.centre(result.output(), i);
            System.out.printf("%s patch %s: reference %s, output %s, dE %.2f%n", name, ColourPatches.COLOURS[i],
                    Arrays.toString(expected), Arrays.toString(seen), PixelProbe.deltaE(seen, expected));
            assertThat(PixelProbe.deltaE(seen, expected)).as("%s patch %s", name, ColourPatches.COLOURS[i]).isLessThan(3.0);
        }
        assertThat(Files.size(result.output())).isLessThan(Files.size(input));
    }

    private Optimized optimize(Path input) {
        return optimizer.optimize(input, ImageOptimizerTest.sniff(input), Presets.standard().find("web").orElseThrow(), work);
    }
}
