package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Strategy;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * CPU per picture of quality per file against the fixed path, each timed over repeated runs: the
 * process CPU clock moves in 10 ms steps, so one run of a small picture's fixed path (30–60 ms)
 * can read half again or a third less than it costs. Each path runs until it has taken
 * {@link #AT_LEAST_NANOS} of CPU, at least twice, after one run not counted; the figure is the
 * mean. Writes {@code file,preset,fixed_cpu,auto_cpu,auto_quality} to the CSV and prints the
 * median and 90th percentile (the value at 0.9 of the way, as bench/judged-tables.py takes it) of
 * auto's CPU over the fixed path's, per file. Run by
 * {@code bench/judged-sweep.sh <preset> evaluation cpu-only} ({@link JudgedSweep}'s mode).
 */
final class CpuSweep {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final long AT_LEAST_NANOS = 1_000_000_000L;

    private CpuSweep() {}

    static void run(Preset preset, Path csv, List<String> files) throws IOException {
        Vips vips = Vips.open(TestVips.library(), 1);
        ImageSettings settings = preset.image();
        Strategy strategy = settings.strategies().getFirst();
        int fixed = settings.fixedQuality(strategy);
        Path output = Files.createTempDirectory("cpu-sweep").resolve("out." + strategy.output().extension());
        StringBuilder lines = new StringBuilder("file,preset,fixed_cpu,auto_cpu,auto_quality\n");
        List<Double> ratios = new ArrayList<>();
        for (String name : files) {
            Path file = Path.of(name);
            ImageHeader header = JudgedSweep.header(vips, file);
            double fixedCpu = mean(() -> {
                try (VipsImage fitted = JudgedSweep.fit(vips, file, header, settings)) {
                    ImageEncoder.save(vips, strategy, fitted, output, fixed, 4, 4);
                }
            });
            int[] quality = new int[1];
            double autoCpu = mean(() -> {
                try (VipsImage fitted = JudgedSweep.fit(vips, file, header, settings);
                     VipsImage held = vips.copyMemory(fitted)) {
                    quality[0] = new CheckedQuality(vips, (image, to, q, chroma) -> ImageEncoder.save(vips, strategy,
                            image, to, q, chroma, 4, 4), () -> {}).find(held, strategy, settings.search(), fixed, output).quality();
                }
            });
            ratios.add(autoCpu / fixedCpu);
            lines.append(String.format(Locale.ROOT, "%s,%s,%.4f,%.4f,%d%n", file.getFileName(), preset.name(),
                    fixedCpu, autoCpu, quality[0]));
            System.err.printf(Locale.ROOT, "%s fixed %.3f s, auto %.3f s (q%d)%n", file.getFileName(), fixedCpu,
                    autoCpu, quality[0]);
        }
        Files.writeString(csv, lines);
        ratios.sort(null);
        System.out.printf(Locale.ROOT, "%s: auto/fixed CPU per picture over %d pictures: median %.2f, p90 %.2f%n",
                preset.name(), ratios.size(), median(ratios), ratios.get((int) (0.9 * (ratios.size() - 1))));
    }

    /** The middle value of sorted {@code values}, or the mean of the two in the middle. */
    private static double median(List<Double> values) {
        int n = values.size();
        return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    }

    private static double mean(Runnable work) {
        work.run();
        long start = OS.getProcessCpuTime();
        int runs = 0;
        long used;
        do {
            work.run();
            runs++;
            used = OS.getProcessCpuTime() - start;
        } while (used < AT_LEAST_NANOS || runs < 2);
        return used / 1e9 / runs;
    }
}
