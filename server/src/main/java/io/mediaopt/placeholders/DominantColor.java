package io.mediaopt.placeholders;

import java.util.Locale;

/**
 * The colour most of a picture is, as {@code #rrggbb}. The sRGB pixels of its small thumbnail
 * are counted into cubes of 32 code values a channel (8 x 8 x 8); the cube whose neighbourhood
 * (itself and the 26 around it) holds the most pixels wins, and the colour is the mean of those
 * pixels. The thumbnail has already blended fine texture (grass, grain) into the colour it is
 * seen as from afar, so this is the colour covering the most of the picture, the one a person
 * names it by: a blue sky with a small red kite is blue, where the mean of all pixels would be
 * a purple seen nowhere in it (and the BlurHash's first component carries that mean already).
 * Counting neighbourhoods rather than cubes keeps a smooth gradient (a sky) from being split
 * across cube edges and losing to a smaller flat patch. Ties go to the first cube in order, so
 * the same pixels always give the same colour.
 */
final class DominantColor {
    private static final int SHIFT = 5;
    private static final int LEVELS = 256 >> SHIFT;

    private DominantColor() {}

    static String of(byte[] pixels, int width, int height, int bands) {
        int[] count = new int[LEVELS * LEVELS * LEVELS];
        long[][] sums = new long[count.length][3];
        for (int at = 0, end = width * height * bands; at < end; at += bands) {
            int r = pixels[at] & 0xff, g = pixels[at + 1] & 0xff, b = pixels[at + 2] & 0xff;
            int cube = index(r >> SHIFT, g >> SHIFT, b >> SHIFT);
            count[cube]++;
            sums[cube][0] += r;
            sums[cube][1] += g;
            sums[cube][2] += b;
        }
        long best = -1;
        long[] colour = new long[4];
        for (int r = 0; r < LEVELS; r++) {
            for (int g = 0; g < LEVELS; g++) {
                for (int b = 0; b < LEVELS; b++) {
                    long[] around = around(count, sums, r, g, b);
                    if (around[3] > best) {
                        best = around[3];
                        colour = around;
                    }
                }
            }
        }
        long n = Math.max(1, colour[3]);
        return String.format(Locale.ROOT, "#%02x%02x%02x", Math.round((double) colour[0] / n),
                Math.round((double) colour[1] / n), Math.round((double) colour[2] / n));
    }

    /** The sums of red, green and blue and the count of the pixels in the cube and its neighbours. */
    private static long[] around(int[] count, long[][] sums, int r, int g, int b) {
        long[] total = new long[4];
        for (int i = Math.max(0, r - 1); i <= Math.min(LEVELS - 1, r + 1); i++) {
            for (int j = Math.max(0, g - 1); j <= Math.min(LEVELS - 1, g + 1); j++) {
                for (int k = Math.max(0, b - 1); k <= Math.min(LEVELS - 1, b + 1); k++) {
                    int cube = index(i, j, k);
                    for (int c = 0; c < 3; c++) total[c] += sums[cube][c];
                    total[3] += count[cube];
                }
            }
        }
        return total;
    }

    private static int index(int r, int g, int b) {
        return (r * LEVELS + g) * LEVELS + b;
    }
}
