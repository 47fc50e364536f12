package io.mediaopt.image.vips;

import io.mediaopt.image.TestVips;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads what a viewer would see in an image file through the service's own libvips binding:
 * its size and bands, the mean of each band over an area, and colour differences in CIELAB.
 */
public final class PixelProbe {
    private static final Vips VIPS = TestVips.open();
    private static final LibVips LIB = StartedLibraries.started(TestVips.library(), 2);

    private PixelProbe() {}

    /** Width, height (of one page), bands and whether the last band is alpha. */
    public record Header(int width, int height, int bands, boolean alpha, int pages) {}

    public static Header header(Path file) {
        try (VipsImage image = open(file)) {
            return new Header(image.width(), image.pageHeight(), image.bands(), image.hasAlpha(), Math.max(1, image.pages()));
        }
    }

    /** Each band's mean over the area ({@code left, top, width, height}) of the first page. */
    public static double[] mean(Path file, int left, int top, int width, int height) {
        double[] means = new double[header(file).bands()];
        for (int band = 0; band < means.length; band++) {
            // one opening per band keeps each pass simple
            try (VipsImage image = open(file);
                 VipsImage area = VIPS.extractArea(image, left, top, width, height);
                 VipsImage one = VIPS.extractBand(area, band)) {
                means[band] = VIPS.measure().average(one);
            }
        }
        return means;
    }

    /** Opened for random access: some loaders (HEIF) cannot give an area sequentially. */
    private static VipsImage open(Path file) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment image = (MemorySegment) LIB.callVariadic(arena, "vips_image_new_from_file",
                    LibVips.pointer(), List.of(LibVips.pointer()), List.of(arena.allocateFrom(file.toString())),
                    VipsOptions.none());
            if (image.equals(MemorySegment.NULL)) throw new IllegalStateException("libvips cannot open " + file);
            return new VipsImage(LIB, image);
        }
    }

    /** The smallest value of the alpha band (255 for opaque 8-bit pictures). */
    public static double alphaMinimum(Path file) {
        try (VipsImage image = open(file);
             VipsImage alpha = VIPS.extractBand(image, image.bands() - 1)) {
            return VIPS.measure().minimum(alpha);
        }
    }

    /** CIE76 colour difference of two 8-bit sRGB colours. */
    public static double deltaE(double[] srgbA, double[] srgbB) {
        double[] a = lab(srgbA);
        double[] b = lab(srgbB);
        return Math.sqrt(Math.pow(a[0] - b[0], 2) + Math.pow(a[1] - b[1], 2) + Math.pow(a[2] - b[2], 2));
    }

    /** sRGB (0–255, D65) to CIELAB. */
    static double[] lab(double[] srgb) {
        double[] linear = new double[3];
        for (int i = 0; i < 3; i++) {
            double c = srgb[i] / 255.0;
            linear[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
        }
        double x = (0.4124 * linear[0] + 0.3576 * linear[1] + 0.1805 * linear[2]) / 0.95047;
        double y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
        double z = (0.0193 * linear[0] + 0.1192 * linear[1] + 0.9505 * linear[2]) / 1.08883;
        double fx = f(x);
        double fy = f(y);
        double fz = f(z);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }
}
