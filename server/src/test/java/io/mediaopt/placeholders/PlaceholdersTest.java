package io.mediaopt.placeholders;

import io.mediaopt.Fixtures;
import io.mediaopt.image.TestVips;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.media.Placeholder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Placeholders of real files through libvips: components by aspect, colour, transparency, rotation. */
class PlaceholdersTest {
    private static final String DIGITS =
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~";

    @TempDir
    static Path dir;
    static Vips vips;

    @BeforeAll
    static void start() {
        vips = TestVips.open();
    }

    @ParameterizedTest
    @CsvSource({"800, 600, 4, 3", "600, 800, 3, 4", "500, 500, 4, 4", "1920, 1080, 4, 3", "1000, 100, 4, 1",
            "90, 1200, 1, 4"})
    void theLongerSideGetsFourComponentsAndTheShorterItsShare(int width, int height, int x, int y) throws IOException {
        Path file = png("sky-" + width + "x" + height, width, height, false);

        Placeholder placeholder = Placeholders.of(vips, file);

        assertThat(placeholder.blurhash()).hasSize(4 + 2 * x * y);
        assertThat(DIGITS.indexOf(placeholder.blurhash().charAt(0))).isEqualTo((x - 1) + (y - 1) * 9);
    }

    @Test
    void theColourIsTheSkyAroundTheKite() throws IOException {
        Placeholder placeholder = Placeholders.of(vips, png("kite", 800, 600, false));

        assertThat(placeholder.dominantColor()).isEqualTo("#4682e6");
        // the mean colour, the hash's first component after the two of its size and detail, has the kite in it
        assertThat(placeholder.blurhash().substring(2, 6)).isNotEqualTo(base83(0x4682e6));
    }

    @Test
    void transparentPixelsAreLaidOnWhite() throws IOException {
        Placeholder placeholder = Placeholders.of(vips, png("clear", 400, 300, true));

        assertThat(placeholder.dominantColor()).isEqualTo("#ffffff");
        assertThat(placeholder.blurhash().substring(2, 6)).isEqualTo(base83(0xffffff));
    }

    @Test
    void aGreyPictureGetsAGreyColourAndHash() throws IOException {
        BufferedImage image = new BufferedImage(300, 200, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = image.createGraphics();
        g.setColor(new Color(90, 90, 90));
        g.fillRect(0, 0, 300, 200);
        g.dispose();
        Path file = dir.resolve("grey.png");
        ImageIO.write(image, "png", file.toFile());

        Placeholder placeholder = Placeholders.of(vips, file);

        assertThat(placeholder.dominantColor()).isEqualTo("#5a5a5a");
        assertThat(placeholder.blurhash().substring(2, 6)).isEqualTo(base83(0x5a5a5a));
    }

    @Test
    void aFileWithAnOrientationIsSeenUprightAsABrowserShowsIt() {
        // 1200x800 stored, EXIF 6: shown 800x1200
        Placeholder placeholder = Placeholders.of(vips, Fixtures.rotatedJpeg());

        assertThat(placeholder.blurhash().charAt(0)).isEqualTo(DIGITS.charAt(2 + 3 * 9));
    }

    @Test
    void thePictureInMemoryGivesThePlaceholderOfItsFile() throws IOException {
        Path file = png("kite-memory", 800, 600, false);

        try (VipsImage header = vips.openHeader(file); VipsImage picture = vips.copyMemory(header)) {
            assertThat(Placeholders.of(vips, picture)).isEqualTo(Placeholders.of(vips, file));
        }
    }

    /** A blue sky with a red kite in its top right corner (a tenth of it), or nothing at all when clear. */
    private static Path png(String name, int width, int height, boolean clear) throws IOException {
        BufferedImage image = new BufferedImage(width, height, clear ? BufferedImage.TYPE_INT_ARGB
                : BufferedImage.TYPE_INT_RGB);
        if (!clear) {
            Graphics2D g = image.createGraphics();
            g.setColor(new Color(70, 130, 230));
            g.fillRect(0, 0, width, height);
            g.setColor(new Color(220, 30, 30));
            g.fillRect(width * 3 / 4, 0, width / 4, height * 2 / 5);
            g.dispose();
        }
        Path file = dir.resolve(name + ".png");
        ImageIO.write(image, "png", file.toFile());
        return file;
    }

    private static String base83(int value) {
        StringBuilder out = new StringBuilder();
        for (int i = 3; i >= 0; i--) out.append(DIGITS.charAt((int) (value / Math.pow(83, i)) % 83));
        return out.toString();
    }
}
