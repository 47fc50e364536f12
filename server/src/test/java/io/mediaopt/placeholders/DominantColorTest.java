package io.mediaopt.placeholders;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The colour most of a picture is, on pictures drawn so that the mean and a plain histogram would both be wrong. */
class DominantColorTest {
    private static final int W = 40, H = 30;

    @Test
    void aSkyWithASmallKiteIsTheSkysBlueNotTheMeansPurple() {
        byte[] rgb = draw((x, y) -> x >= 30 && y < 10 ? new int[] {220, 30, 30} : new int[] {70, 130, 230});

        assertThat(DominantColor.of(rgb, W, H, 3)).isEqualTo("#4682e6");
    }

    @Test
    void aSmoothSkyAcrossSeveralCubesStillBeatsASmallerFlatField() {
        // 60 % sky, blue rising 130 to 250 (four cubes of 32 levels), over 40 % flat green
        byte[] rgb = draw((x, y) -> y < 18 ? new int[] {90, 150, 130 + 120 * y / 17} : new int[] {40, 140, 40});

        String colour = DominantColor.of(rgb, W, H, 3);

        int blue = Integer.parseInt(colour.substring(5), 16);
        int green = Integer.parseInt(colour.substring(3, 5), 16);
        assertThat(blue).as(colour).isGreaterThan(150);
        assertThat(green).as(colour).isBetween(140, 160);
    }

    @Test
    void readsThreeBandsOfFourAndWritesLowerCaseHex() {
        byte[] rgba = new byte[W * H * 4];
        for (int i = 0; i < rgba.length; i += 4) {
            rgba[i] = (byte) 0xab;
            rgba[i + 1] = 0x0c;
            rgba[i + 2] = (byte) 0xfe;
            rgba[i + 3] = 0;
        }

        assertThat(DominantColor.of(rgba, W, H, 4)).isEqualTo("#ab0cfe");
    }

    private interface Paint {
        int[] at(int x, int y);
    }

    private static byte[] draw(Paint paint) {
        byte[] rgb = new byte[W * H * 3];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int[] c = paint.at(x, y);
                for (int band = 0; band < 3; band++) rgb[(y * W + x) * 3 + band] = (byte) c[band];
            }
        }
        return rgb;
    }
}
