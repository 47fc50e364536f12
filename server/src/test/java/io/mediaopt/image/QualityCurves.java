package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.media.ImageQuality;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Score and bytes against quality, for a quality search to be designed on: not a test, a
 * measurement to run by hand, e.g. {@code java --enable-native-access=ALL-UNNAMED -cp
 * server/target/classes:server/target/test-classes:DEPENDENCIES io.mediaopt.image.QualityCurves
 * 5 out.csv photo.jpg...}. For each file and preset, the picture as the preset fits it is encoded
 * with the preset's first format at every {@code step}-th quality within the search's bounds,
 * at full size and on proxies of 50 000, 100 000 and 200 000 pixels (the whole picture shrunk),
 * and each encode is scored with SSIMULACRA 2 against what it was encoded from. One CSV line per
 * encode: file, preset, size (full or the proxy's pixels), quality, bytes, score, CPU seconds of
 * the encode and of the score.
 */
public final class QualityCurves {
    private static final int[] PROXY_PIXELS = {50_000, 100_000, 200_000};
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private QualityCurves() {}

    public static void main(String[] args) throws IOException {
        int step = Integer.parseInt(args[0]);
        Path csv = Path.of(args[1]);
        Vips vips = Vips.open(1);
        Path work = Files.createTempDirectory("curves");
        StringBuilder out = new StringBuilder("file,preset,size,quality,bytes,score,encodeCpu,scoreCpu\n");
        for (int i = 2; i < args.length; i++) {
            Path file = Path.of(args[i]);
            for (Preset preset : Presets.standard().all()) {
                ImageSettings settings = preset.image();
                Strategy strategy = settings.strategies().getFirst();
                ImageQuality.Bounds bounds = settings.search().bounds(strategy);
                Path reference = work.resolve("reference.png");
                new ImageScorer(vips).saveReference(file, settings, reference);
                try (VipsImage opened = vips.open(reference); VipsImage picture = vips.copyMemory(opened)) {
                    long pixels = (long) picture.width() * picture.height();
                    curve(vips, picture, strategy, bounds, step, file, preset, "full", work, out);
                    for (int proxyPixels : PROXY_PIXELS) {
                        if (proxyPixels >= pixels) continue;
                        try (VipsImage shrunk = vips.shrinkToWidth(picture, QualityFinder.proxyWidth(picture, proxyPixels));
                             VipsImage proxy = vips.copyMemory(shrunk)) {
                            curve(vips, proxy, strategy, bounds, step, file, preset, String.valueOf(proxyPixels),
                                    work, out);
                        }
                    }
                }
                System.err.println(file.getFileName() + " " + preset.name());
                Files.writeString(csv, out);
            }
        }
    }

    private static void curve(Vips vips, VipsImage picture, Strategy strategy, ImageQuality.Bounds bounds, int step,
                              Path file, Preset preset, String size, Path work, StringBuilder out) throws IOException {
        Ssimulacra2.Reference reference = new Ssimulacra2.Reference(vips.measure().srgbPixels(picture).linear());
        Path encoded = work.resolve("trial." + strategy.output().extension());
        for (int q = bounds.min(); q <= bounds.max(); q += step) {
            long start = OS.getProcessCpuTime();
            ImageEncoder.save(vips, strategy, picture, encoded, q, 4, 4);
            long encodedAt = OS.getProcessCpuTime();
            double score;
            try (VipsImage decoded = vips.open(encoded)) {
                score = Ssimulacra2.score(reference, vips.measure().srgbPixels(decoded).linear());
            }
            long end = OS.getProcessCpuTime();
            out.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%d,%.3f,%.4f,%.4f%n", file.getFileName(), preset.name(),
                    size, q, Files.size(encoded), score, (encodedAt - start) / 1e9, (end - encodedAt) / 1e9));
        }
    }
}
