package io.mediaopt.image;

import io.mediaopt.Integration;
import io.mediaopt.image.vips.SrgbPixels;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.quality.Ssimulacra2;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** SSIMULACRA 2 on real photographs, decoded by the service's own libvips binding. */
@Integration
class PerceptualScoreTest {
    private static final List<String> PHOTOS = List.of("chelsea.png", "coffee.png", "rocket.jpg");
    private final Vips vips = TestPhotos.vips();

    @TempDir
    Path dir;

    @Test
    void aPhotographAgainstItselfScoresTheBest() {
        Path photo = TestPhotos.photo("coffee.png");
        assertThat(score(photo, photo)).isEqualTo(100.0);
    }

    @Test
    void theScoreFallsWithEveryStepDownInJpegQuality() {
        for (String name : PHOTOS) {
            Path photo = TestPhotos.photo(name);
            double previous = 100;
            for (int quality : new int[]{95, 85, 70, 50, 30, 15, 5}) {
                double score = score(photo, jpeg(photo, quality));
                assertThat(score).as("%s at JPEG quality %d", name, quality).isLessThan(previous);
                previous = score;
            }
        }
    }

    /** Pins the whole computation (decode, colour, metric) so a change to any part shows. */
    @Test
    void theScoreOfAKnownPairStaysPut() {
        Path photo = TestPhotos.photo("chelsea.png");
        assertThat(score(photo, jpeg(photo, 50))).isCloseTo(70.52, within(0.05));
        assertThat(score(photo, jpeg(photo, 90))).isCloseTo(88.78, within(0.05));
    }

    /**
     * Ranks distorted photographs (JPEG and WebP at several qualities) in the order of Debian's
     * butteraugli, an independent perceptual metric: Spearman's rank correlation of 0.8 at least
     * (a high score is a low distance).
     */
    @Test
    void ranksDistortionsLikeButteraugli() throws Exception {
        List<double[]> pairs = new ArrayList<>();
        for (String name : PHOTOS) {
            Path photo = TestPhotos.photo(name);
            Path reference = png(photo, name + "-reference");
            for (int quality : new int[]{90, 60, 30, 10}) {
                Path distorted = jpeg(photo, quality);
                pairs.add(new double[]{score(photo, distorted), butteraugli(reference, distorted)});
            }
            for (int quality : new int[]{80, 40, 5}) {
                Path distorted = png(webp(photo, quality), name + "-webp" + quality);
                pairs.add(new double[]{score(photo, distorted), butteraugli(reference, distorted)});
            }
        }
        double rho = spearman(pairs.stream().mapToDouble(p -> p[0]).toArray(),
                pairs.stream().mapToDouble(p -> -p[1]).toArray());
        assertThat(rho).as("Spearman rank correlation with butteraugli over %d pairs", pairs.size())
                .isGreaterThanOrEqualTo(0.8);
    }

    private double score(Path original, Path distorted) {
        return Ssimulacra2.score(pixels(original).linear(), pixels(distorted).linear());
    }

    private SrgbPixels pixels(Path file) {
        try (VipsImage image = vips.open(file)) {
            return vips.measure().srgbPixels(image);
        }
    }

    private Path jpeg(Path photo, int quality) {
        Path out = dir.resolve(photo.getFileName() + "-q" + quality + ".jpg");
        try (VipsImage image = vips.open(photo)) {
            vips.save().jpeg(image, out, quality);
        }
        return out;
    }

    private Path webp(Path photo, int quality) {
        Path out = dir.resolve(photo.getFileName() + "-q" + quality + ".webp");
        try (VipsImage image = vips.open(photo)) {
            vips.save().webp(image, out, quality, 4);
        }
        return out;
    }

    private Path png(Path file, String name) {
        Path out = dir.resolve(name + ".png");
        try (VipsImage image = vips.open(file)) {
            vips.save().png(image, out);
        }
        return out;
    }

    /** butteraugli prints the distance: 0 is identical, above 1.5 or so the difference shows. */
    private static double butteraugli(Path reference, Path distorted) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("butteraugli", reference.toString(), distorted.toString())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return Double.parseDouble(output.lines().reduce((a, b) -> b).orElseThrow().strip());
    }

    static double spearman(double[] a, double[] b) {
        double[] ra = ranks(a);
        double[] rb = ranks(b);
        double mean = (a.length + 1) / 2.0;
        double cov = 0, va = 0, vb = 0;
        for (int i = 0; i < a.length; i++) {
            cov += (ra[i] - mean) * (rb[i] - mean);
            va += (ra[i] - mean) * (ra[i] - mean);
            vb += (rb[i] - mean) * (rb[i] - mean);
        }
        return cov / Math.sqrt(va * vb);
    }

    /** Ranks from 1, ties sharing their average rank. */
    private static double[] ranks(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
        double[] ranks = new double[values.length];
        for (int i = 0; i < order.length; ) {
            int j = i;
            while (j + 1 < order.length && values[order[j + 1]] == values[order[i]]) j++;
            for (int k = i; k <= j; k++) ranks[order[k]] = (i + j) / 2.0 + 1;
            i = j + 1;
        }
        return ranks;
    }
}
