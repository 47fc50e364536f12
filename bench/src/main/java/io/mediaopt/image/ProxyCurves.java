package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Each file's curve on a shrunk copy of the picture as the preset fits it (trial encodes): not a
 * test, a measurement (bench/judged-headroom.sh reads it). Per file, width divisor and quality:
 * bytes, SSIMULACRA 2 against the shrunk picture, and CPU seconds of the encode and score; a row
 * of quality 0 holds the CPU of shrinking and of the reference. The files are gone through twice
 * and only the second round is written: the first warms the compiler.
 * <pre>java ... io.mediaopt.image.ProxyCurves web out.csv "2 3" "50 60 70 80 90" file...</pre>
 */
public final class ProxyCurves {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private ProxyCurves() {}

    public static void main(String[] args) throws IOException {
        Preset preset = Presets.standard().find(args[0]).orElseThrow();
        Path csv = Path.of(args[1]);
        List<Integer> divisors = List.of(args[2].split(" ")).stream().map(Integer::parseInt).toList();
        List<Integer> qualities = List.of(args[3].split(" ")).stream().map(Integer::parseInt).toList();
        Vips vips = Vips.open(TestVips.library(), 1);
        ImageSettings settings = preset.image();
        Strategy strategy = settings.strategies().getFirst();
        Path work = Files.createTempDirectory("proxy-curves");
        Path output = work.resolve("out." + strategy.output().extension());
        String columns = "file,divisor,quality,bytes,ssimulacra2,cpu\n";
        StringBuilder lines = new StringBuilder(columns);
        for (int round = 0; round < 2; round++) {
            lines.setLength(columns.length());
            for (int i = 4; i < args.length; i++) {
                Path file = Path.of(args[i]);
                try (VipsImage fitted = JudgedSweep.fit(vips, file, JudgedSweep.header(vips, file), settings);
                     VipsImage held = vips.copyMemory(fitted)) {
                    for (int divisor : divisors) {
                        long start = OS.getProcessCpuTime();
                        try (VipsImage shrunk = vips.shrinkToWidth(held, held.width() / divisor);
                             VipsImage proxy = vips.copyMemory(shrunk)) {
                            Ssimulacra2.Reference kept =
                                    new Ssimulacra2.Reference(vips.measure().srgbPixels(proxy).linear());
                            long setup = OS.getProcessCpuTime() - start;
                            lines.append(String.format(Locale.ROOT, "%s,%d,0,0,0,%.4f%n", file.getFileName(),
                                    divisor, setup / 1e9));
                            for (int q : qualities) {
                                long t = OS.getProcessCpuTime();
                                ImageEncoder.save(vips, strategy, proxy, output, q, 4, 4);
                                double score = CheckedQuality.score(vips, kept, output);
                                lines.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%.3f,%.4f%n",
                                        file.getFileName(), divisor, q, Files.size(output), score,
                                        (OS.getProcessCpuTime() - t) / 1e9));
                            }
                        }
                    }
                } catch (RuntimeException e) {
                    System.err.println(file.getFileName() + " left out: " + e.getMessage());
                }
            }
        }
        Files.writeString(csv, lines, StandardCharsets.UTF_8);
    }
}
