package io.mediaopt.placeholders;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The encoder against the reference: each expected string is what {@code encode} of the npm
 * {@code blurhash} package 2.0.5 returns for the same pixels (drawn by the same formulas, as RGBA)
 * and components, with its one departure from the C reference undone: it scales the detail by the
 * largest signed value where the C encoder takes the largest magnitude. On the noise both agree;
 * on the others its detail clips (the gradient's: its stock string is
 * {@code LDH27k3B|cO?z4NKo1aOhCfjfQfj}, whose quantised maximum {@code D} is a quarter of the
 * {@code x} of the magnitude).
 */
class BlurHashTest {
    private interface Paint {
        int[] at(int x, int y);
    }

    private record Picture(int width, int height, byte[] rgb) {}

    private static final Map<String, Picture> PICTURES = Map.of(
            "gradient", draw(32, 24, (x, y) -> new int[] {x * 8, y * 10, 128}),
            "stripes", draw(20, 20, (x, y) -> x / 4 % 2 == 1 ? new int[] {230, 40, 30} : new int[] {20, 60, 200}),
            "disc", draw(24, 32, (x, y) -> (x - 12) * (x - 12) + (y - 16) * (y - 16) < 64
                    ? new int[] {250, 220, 10} : new int[] {10, 120, 40 + y}),
            "noise", noise(16, 12));

    @ParameterizedTest
    @CsvSource(delimiter = ' ', value = {
            "gradient 4 3 LxH27k2swxX8mHWWjtf7gJfjfQfj",
            "gradient 3 4 TxH27k2swxmHWWjtgJfjfQn,Wpjt",
            "gradient 1 1 00H27k",
            "gradient 5 2 DxH27k2swxX8a|mHWWjtf7fQ",
            "stripes 4 3 LTHkfyw~2yw~w~juWrjufQfQfQfQ",
            "stripes 3 4 TTHkfyw~2yw~juWrfQfQfQw~juWr",
            "stripes 1 1 00Hkfy",
            "stripes 5 2 DzHkfysqFgsq2ysqjua}juWr",
            "disc 4 3 LvFi|Gf*5Ef*f#fQfQfQ0nfQ-jfQ",
            "disc 3 4 TvFi|Gf*5Ef#fQfQ0nfQ-jf$fQfR",
            "disc 1 1 00Fi|G",
            "disc 5 2 DhFi|Gf*0nf*R-f#fQfQfQfQ",
            "noise 4 3 LDH.Wp;L=3=f}wvWoMJH*=r?x?NO",
            "noise 3 4 TDH.Wp;L=3}wvWoM*=r?x?-qxU=;",
            "noise 1 1 00H.Wp",
            "noise 9 9 |DH.Wp;L=3=f#ju5#0yXRG}wvWoMJHKhrgK%khI.*=r?x?NOAI+|#8eaR$-qxU=;$iQ:xTi~xnPLqzbL#5zqnU$zoe+@r:?HO=vjrwS^+PO%XuvgI^OsNfM-#RviNYv#Ol$+ViFqw5-n-qZZxCN@Mdw0nzrMOrz_x^RzM+",
            "noise 5 2 DDH.Wp;L=3=f#j}wvWoMJHKh"})
    void givesTheReferenceEncodersStringForTheSamePixels(String name, int x, int y, String expected) {
        Picture picture = PICTURES.get(name);

        assertThat(BlurHash.encode(picture.rgb(), picture.width(), picture.height(), 3, x, y)).isEqualTo(expected);
    }

    @Test
    void readsTheFirstThreeBandsOfFourAsOfThree() {
        Picture picture = PICTURES.get("disc");
        byte[] rgba = new byte[picture.width() * picture.height() * 4];
        for (int i = 0, j = 0; i < picture.rgb().length; i += 3, j += 4) {
            System.arraycopy(picture.rgb(), i, rgba, j, 3);
            rgba[j + 3] = (byte) 17;
        }

        assertThat(BlurHash.encode(rgba, picture.width(), picture.height(), 4, 4, 3))
                .isEqualTo("LvFi|Gf*5Ef*f#fQfQfQ0nfQ-jfQ");
    }

    @Test
    void refusesComponentsOutsideOneToNine() {
        Picture picture = PICTURES.get("gradient");

        assertThatThrownBy(() -> BlurHash.encode(picture.rgb(), 32, 24, 3, 0, 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0x3");
        assertThatThrownBy(() -> BlurHash.encode(picture.rgb(), 32, 24, 3, 4, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("4x10");
        assertThatThrownBy(() -> BlurHash.encode(new byte[10], 32, 24, 3, 4, 3))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static Picture draw(int width, int height, Paint paint) {
        byte[] rgb = new byte[width * height * 3];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int[] c = paint.at(x, y);
                for (int band = 0; band < 3; band++) rgb[(y * width + x) * 3 + band] = (byte) Math.clamp(c[band], 0, 255);
            }
        }
        return new Picture(width, height, rgb);
    }

    /** The noise of the vectors' script: a 32-bit linear congruential generator, one byte of each state. */
    private static Picture noise(int width, int height) {
        int[] seed = {12345};
        return draw(width, height, (x, y) -> new int[] {next(seed), next(seed), next(seed)});
    }

    private static int next(int[] seed) {
        seed[0] = seed[0] * 1103515245 + 12345;
        return (seed[0] >>> 16) & 0xff;
    }
}
