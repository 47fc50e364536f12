package io.mediaopt.placeholders;

import io.mediaopt.image.ImageOptimizer;
import io.mediaopt.image.QualityMode;
import io.mediaopt.image.TestVips;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.media.Limits;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Placeholder;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Sniffer;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * CPU time of a placeholder against that of the optimization it is added to: not a test, a
 * measurement to run by hand on the bench photo (bench/run.sh makes {@code photo-12mp.jpg}), e.g.
 * {@code java -cp server/target/classes:server/target/test-classes:bench/target/classes:<dependencies>
 * io.mediaopt.placeholders.PlaceholderTiming 20 photo-12mp.jpg}. Each photo is optimized with the
 * web preset once per round, then its placeholder is made from the output file (as for a job's
 * result) and from the output decoded into memory (as for a responsive set's and a poster's
 * picture). The first round warms up and is not counted; CPU is the whole process's.
 */
public final class PlaceholderTiming {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final Limits LIMITS = new Limits(125829120L, 100_000_000L, 1000, 1800,
            Duration.ofSeconds(15), Duration.ofSeconds(60), Duration.ofSeconds(240));

    private PlaceholderTiming() {}

    public static void main(String[] args) throws IOException {
        int rounds = Integer.parseInt(args[0]);
        Vips vips = TestVips.open();
        ImageOptimizer optimizer = new ImageOptimizer(vips, LIMITS, QualityMode.valueOf(
                System.getProperty("quality", "AUTO")));
        for (int i = 1; i < args.length; i++) {
            Path photo = Path.of(args[i]);
            double optimizeCpu = 0, fileCpu = 0, memoryCpu = 0;
            Placeholder made = null, fromMemory = null;
            for (int round = 0; round <= rounds; round++) {
                Path work = Files.createTempDirectory("placeholder-timing");
                long start = OS.getProcessCpuTime();
                Optimized out = optimizer.optimize(photo, new Sniffer().sniff(photo).orElseThrow(),
                        Presets.standard().find("web").orElseThrow(), work);
                long optimized = OS.getProcessCpuTime();
                made = Placeholders.of(vips, out.output());
                long fromFile = OS.getProcessCpuTime();
                long inMemory;
                try (VipsImage header = vips.thumbnail(out.output(), false, out.outputWidth(), Vips.MAX_COORD, false);
                     VipsImage picture = vips.copyMemory(header)) {
                    long before = OS.getProcessCpuTime();
                    fromMemory = Placeholders.of(vips, picture);
                    inMemory = OS.getProcessCpuTime() - before;
                }
                if (round > 0) {
                    optimizeCpu += (optimized - start) / 1e6;
                    fileCpu += (fromFile - optimized) / 1e6;
                    memoryCpu += inMemory / 1e6;
                }
                Files.delete(out.output());
                Files.delete(work);
            }
            System.out.printf(Locale.ROOT, "%s: optimize %.0f ms CPU; placeholder from the output file %.2f ms, "
                            + "from the picture in memory %.2f ms (%d rounds); %s, %s%n", photo.getFileName(),
                    optimizeCpu / rounds, fileCpu / rounds, memoryCpu / rounds, rounds, made, fromMemory);
        }
    }
}
