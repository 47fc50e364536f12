package io.mediaopt.image;

import io.mediaopt.image.vips.SrgbPixels;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.media.ImageQuality;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.quality.LinearRgb;
import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a quality search's CPU goes, against the fixed setting's: not a test, a measurement to
 * run by hand, e.g. {@code SERVICE_LIBVIPS_PATH=... java --enable-native-access=ALL-UNNAMED
 * --add-modules jdk.incubator.vector -cp server/target/classes:server/target/test-classes:DEPENDENCIES
 * io.mediaopt.image.SearchCost 3 web photo.jpg...}. For each file, in rounds (the first warms
 * the compiler and is not shown): the fixed path (decode fitted to the preset's width, one
 * encode at the preset's quality) and the search {@link QualityFinder} runs for it, its encodes
 * counted and timed apart, full size and proxy; then the parts of one full-size check, each
 * repeated: the reference made of the picture, the output's decode to sRGB bytes, to linear
 * light, and its SSIMULACRA 2 score. Prints Markdown tables, CPU in milliseconds of the process.
 */
public final class SearchCost {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final int PART_REPEATS = 10;

    private SearchCost() {}

    /** What one search spent, in nanoseconds of CPU, and on how many encodes of each size. */
    private static final class Spent {
        long fullEncodes, proxyEncodes;
        int fullCount, proxyCount;
    }

    public static void main(String[] args) throws IOException {
        int rounds = Integer.parseInt(args[0]);
        Preset preset = Presets.standard().find(args[1]).orElseThrow();
        ImageSettings settings = preset.image();
        Strategy strategy = settings.strategies().getFirst();
        ImageQuality.Bounds bounds = settings.search().bounds(strategy);
        int fixedQuality = settings.fixedQuality(strategy);
        double target = settings.search().targetScore();
        Vips vips = Vips.open(Optional.ofNullable(System.getenv("SERVICE_LIBVIPS_PATH")).map(Path::of), 1);
        Path work = Files.createTempDirectory("search-cost");
        Path output = work.resolve("out." + strategy.output().extension());
        System.out.printf(Locale.ROOT, "Preset %s: %s at Q %d fixed, target %.0f, bounds %d-%d, libvips %s%n%n",
                preset.name(), strategy, fixedQuality, target, bounds.min(), bounds.max(), vips.version());
        System.out.println("| file | size | fixed | auto | auto/fixed | Q, score | full encodes: n, CPU | proxy encodes: n, CPU | the rest |");
        System.out.println("|---|---|---:|---:|---:|---|---|---|---:|");
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (int i = 2; i < args.length; i++) {
                Path file = Path.of(args[i]);
                long start = OS.getProcessCpuTime();
                try (VipsImage fitted = vips.thumbnail(file, false, settings.maxWidth(), Vips.MAX_COORD, false)) {
                    ImageEncoder.save(vips, strategy, fitted, output, fixedQuality, 4, 4);
                }
                long fixed = OS.getProcessCpuTime() - start;
                Spent spent = new Spent();
                start = OS.getProcessCpuTime();
                QualityFinder.Found found;
                String size;
                try (VipsImage fitted = vips.thumbnail(file, false, settings.maxWidth(), Vips.MAX_COORD, false);
                     VipsImage picture = vips.copyMemory(fitted)) {
                    size = picture.width() + "×" + picture.height();
                    found = new QualityFinder(vips, (image, to, quality) -> {
                        long encodeStart = OS.getProcessCpuTime();
                        ImageEncoder.save(vips, strategy, image, to, quality, 4, 4);
                        long encode = OS.getProcessCpuTime() - encodeStart;
                        if (image.width() == picture.width()) {
                            spent.fullEncodes += encode;
                            spent.fullCount++;
                        } else {
                            spent.proxyEncodes += encode;
                            spent.proxyCount++;
                        }
                    }, () -> {}).find(picture, output, bounds.min(), bounds.max(), fixedQuality, target);
                }
                long auto = OS.getProcessCpuTime() - start;
                if (round == 0 && rounds > 1) continue;
                ratios.add((double) auto / fixed);
                System.out.printf(Locale.ROOT, "| %s | %s | %d | %d | %.2f | %d, %.1f | %d, %d | %d, %d | %d |%n",
                        file.getFileName(), size, ms(fixed), ms(auto), (double) auto / fixed, found.quality(),
                        found.score(), spent.fullCount, ms(spent.fullEncodes), spent.proxyCount, ms(spent.proxyEncodes),
                        ms(auto - spent.fullEncodes - spent.proxyEncodes));
            }
        }
        Collections.sort(ratios);
        System.out.printf(Locale.ROOT, "%nMedian auto/fixed: %.2f%n%n", ratios.get(ratios.size() / 2));
        System.out.println("| file | one full-size encode | the reference | the output decoded to sRGB bytes | to linear light | SSIMULACRA 2 |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        for (int i = 2; i < args.length; i++) checkParts(vips, strategy, settings.maxWidth(), fixedQuality, Path.of(args[i]), output);
    }

    /** The parts of one full-size check, each the mean of {@link #PART_REPEATS} runs, in ms of CPU. */
    private static void checkParts(Vips vips, Strategy strategy, int width, int quality, Path file, Path output) {
        try (VipsImage fitted = vips.thumbnail(file, false, width, Vips.MAX_COORD, false);
             VipsImage picture = vips.copyMemory(fitted)) {
            long encode = 0, reference = 0, decode = 0, linear = 0, score = 0;
            for (int r = 0; r < PART_REPEATS; r++) {
                long t0 = OS.getProcessCpuTime();
                ImageEncoder.save(vips, strategy, picture, output, quality, 4, 4);
                long t1 = OS.getProcessCpuTime();
                Ssimulacra2.Reference kept = new Ssimulacra2.Reference(vips.measure().srgbPixels(picture).linear());
                long t2 = OS.getProcessCpuTime();
                SrgbPixels pixels;
                try (VipsImage decoded = vips.open(output)) {
                    pixels = vips.measure().srgbPixels(decoded);
                }
                long t3 = OS.getProcessCpuTime();
                LinearRgb light = pixels.linear();
                long t4 = OS.getProcessCpuTime();
                Ssimulacra2.score(kept, light);
                long t5 = OS.getProcessCpuTime();
                encode += t1 - t0;
                reference += t2 - t1;
                decode += t3 - t2;
                linear += t4 - t3;
                score += t5 - t4;
            }
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f | %.1f |%n", file.getFileName(),
                    mean(encode), mean(reference), mean(decode), mean(linear), mean(score));
        }
    }

    private static double mean(long nanos) {
        return nanos / 1e6 / PART_REPEATS;
    }

    private static long ms(long nanos) {
        return Math.round(nanos / 1e6);
    }
}
