package io.mediaopt.bench;

import com.sun.management.OperatingSystemMXBean;
import io.mediaopt.image.ImageOptimizer;
import io.mediaopt.image.ImageScorer;
import io.mediaopt.image.QualityMode;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.media.Limits;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Sniffer;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The per-file quality search against the fixed quality it replaced, on real photographs and
 * screenshots (bench/corpus.sh fetches them from Debian packages). Each file goes through the
 * service's own ImageOptimizer in this process, once with SERVICE_IMAGE_QUALITY=fixed and once
 * with auto, for every preset; both outputs are scored with SSIMULACRA 2 against the input as
 * the service resizes it. Time is wall and process CPU (libvips' threads included) per call.
 */
public final class CorpusBench {
    private static final Limits LIMITS = new Limits(200_000_000L, 100_000_000L, 1000, 1800,
            Duration.ofSeconds(15), Duration.ofSeconds(120), Duration.ofSeconds(240));

    private record Row(String file, String preset, long inputBytes, long fixedBytes, double fixedScore,
                       long autoBytes, double autoScore, double autoReported, int autoQuality, int fixedQuality,
                       double fixedSeconds, double autoSeconds, double fixedCpu, double autoCpu, String size) {}

    private CorpusBench() {}

    public static void main(String[] args) throws IOException {
        Path corpus = Path.of(args[0]);
        Path work = Files.createDirectories(Path.of(args[1]));
        Vips vips = Vips.open();
        ImageScorer scorer = new ImageScorer(vips);
        List<Path> files = files(corpus);
        Report report = new Report(System.out);
        report.text("## Per-file quality against the fixed setting, " + files.size() + " files\n");
        report.text(Machine.describe() + "\n");
        List<Row> rows = new ArrayList<>();
        // a first pass warms the JIT and libvips up; its figures are dropped
        run(vips, files.getFirst(), Presets.standard().all().getFirst(), QualityMode.AUTO, work);
        for (Preset preset : Presets.standard().all()) {
            for (Path file : files) {
                report.progress(file.getFileName() + " with " + preset.name());
                Row row = measure(vips, scorer, file, preset, work);
                rows.add(row);
                report.progress(String.format("bytes %d -> %d, score %.1f -> %.1f (reported %.1f), Q %d (%d), "
                                + "CPU %.3f -> %.3f s, wall %.3f -> %.3f s", row.fixedBytes, row.autoBytes,
                        row.fixedScore, row.autoScore, row.autoReported, row.autoQuality, row.fixedQuality,
                        row.fixedCpu, row.autoCpu, row.fixedSeconds, row.autoSeconds));
            }
        }
        for (Preset preset : Presets.standard().all()) {
            Table table = new Table("Preset " + preset.name() + ": fixed quality against auto (target "
                    + preset.image().search().targetScore() + ")",
                    "file", "output size", "input bytes", "fixed bytes", "fixed score", "auto Q", "auto bytes",
                    "auto score", "auto score reported", "bytes auto/fixed", "time fixed", "time auto", "CPU fixed", "CPU auto");
            List<Row> mine = rows.stream().filter(r -> r.preset.equals(preset.name())).toList();
            for (Row r : mine) {
                table.row(r.file, r.size, r.inputBytes, r.fixedBytes, Table.fixed(r.fixedScore, 1),
                        r.autoQuality + " (" + r.fixedQuality + ")", r.autoBytes, Table.fixed(r.autoScore, 1), Table.fixed(r.autoReported, 1),
                        Table.fixed((double) r.autoBytes / r.fixedBytes, 2), Table.fixed(r.fixedSeconds, 3),
                        Table.fixed(r.autoSeconds, 3), Table.fixed(r.fixedCpu, 3), Table.fixed(r.autoCpu, 3));
            }
            report.table(table);
        }
        Table summary = new Table("Summary per preset", "preset", "target", "files", "median bytes fixed",
                "median bytes auto", "median of auto/fixed", "worst score fixed", "worst score auto",
                "auto below target", "median time auto/fixed", "median CPU auto/fixed");
        for (Preset preset : Presets.standard().all()) {
            List<Row> mine = rows.stream().filter(r -> r.preset.equals(preset.name())).toList();
            double target = preset.image().search().targetScore();
            summary.row(preset.name(), Table.fixed(target, 0), mine.size(),
                    (long) median(mine.stream().mapToDouble(r -> r.fixedBytes).toArray()),
                    (long) median(mine.stream().mapToDouble(r -> r.autoBytes).toArray()),
                    Table.fixed(median(mine.stream().mapToDouble(r -> (double) r.autoBytes / r.fixedBytes).toArray()), 2),
                    Table.fixed(mine.stream().mapToDouble(r -> r.fixedScore).min().orElseThrow(), 1),
                    Table.fixed(mine.stream().mapToDouble(r -> r.autoScore).min().orElseThrow(), 1),
                    mine.stream().filter(r -> r.autoScore < target).count(),
                    Table.fixed(median(mine.stream().mapToDouble(r -> r.autoSeconds / r.fixedSeconds).toArray()), 2),
                    Table.fixed(median(mine.stream().mapToDouble(r -> r.autoCpu / r.fixedCpu).toArray()), 2));
        }
        summary.note("Scores: SSIMULACRA 2 (0–100; 90 visually lossless at 1:1, 80 high, 70 medium) of the output "
                + "against the input resized by the service and kept lossless, at full size; auto score reported: "
                + "the score the service returned, which a search may measure on less than the picture. auto Q: the quality chosen "
                + "(the preset's fixed one in brackets). Times per file, in this process, without HTTP.");
        report.table(summary);
        report.write(work.resolve("corpus-report.md"));
    }

    private static Row measure(Vips vips, ImageScorer scorer, Path file, Preset preset, Path work) throws IOException {
        Measured fixed = run(vips, file, preset, QualityMode.FIXED, work);
        Measured auto = run(vips, file, preset, QualityMode.AUTO, work);
        double fixedScore = scorer.score(file, preset.image(), fixed.optimized.output(), work.resolve("reference.png"));
        Optimized a = auto.optimized;
        // the table scores every output in full, whatever the search measured to choose it
        double autoScore = scorer.score(file, preset.image(), a.output(), work.resolve("reference.png"));
        String name = file.getFileName().toString();
        return new Row(name, preset.name(), Files.size(file), fixed.bytes, fixedScore,
                auto.bytes, autoScore, a.score() == null ? Double.NaN : a.score(), a.quality() == null ? 0 : a.quality(),
                fixed.optimized.quality() == null ? 0 : fixed.optimized.quality(),
                fixed.seconds, auto.seconds, fixed.cpu, auto.cpu, a.outputWidth() + "×" + a.outputHeight());
    }

    record Measured(Optimized optimized, long bytes, double seconds, double cpu) {}

    /** The corpus's files in name order, without the marker files of its fetch. */
    static List<Path> files(Path corpus) throws IOException {
        try (Stream<Path> list = Files.list(corpus)) {
            return list.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }

    /** One optimization in this process, its output kept in a directory of its own under {@code work}. */
    static Measured run(Vips vips, Path file, Preset preset, QualityMode mode, Path work) throws IOException {
        Path dir = Files.createDirectories(work.resolve(file.getFileName() + "-" + preset.name() + "-"
                + mode.name().toLowerCase(Locale.ROOT)));
        MediaFormat sniffed = new Sniffer().sniff(file).orElseThrow();
        var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        long started = System.nanoTime();
        Optimized optimized = new ImageOptimizer(vips, LIMITS, mode).optimize(file, sniffed, preset, dir);
        double seconds = (System.nanoTime() - started) / 1e9;
        double cpuSeconds = (os.getProcessCpuTime() - cpu) / 1e9;
        return new Measured(optimized, Files.size(optimized.output()), seconds, cpuSeconds);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return Stats.median(sorted);
    }
}
