package io.mediaopt.bench;

import io.mediaopt.image.ImageScorer;
import io.mediaopt.image.QualityMode;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The real-file corpus (bench/corpus.sh fetches it) through the service's optimizer twice with
 * preset web, once on the system libvips and once on the library SERVICE_LIBVIPS_PATH names:
 * bytes, SSIMULACRA 2 (both outputs scored by the system libvips against the same reference) and
 * CPU per file, side by side.
 *
 *   java --enable-native-access=ALL-UNNAMED -cp server/target/mediaopt-server.jar:bench/target/mediaopt-bench.jar \
 *       io.mediaopt.bench.LibvipsComparison bench/target/corpus bench/target/libvips-run
 */
public final class LibvipsComparison {
    private LibvipsComparison() {}

    private record Side(long bytes, double score, double cpu) {}

    public static void main(String[] args) throws IOException {
        Path corpus = Path.of(args[0]);
        Path work = Files.createDirectories(Path.of(args[1]));
        String configured = System.getenv("SERVICE_LIBVIPS_PATH");
        if (configured == null || configured.isBlank()) throw new IllegalStateException("set SERVICE_LIBVIPS_PATH");
        Vips system = Vips.open(Optional.empty(), 1);
        Vips other = Vips.open(Optional.of(Path.of(configured)), 1);
        ImageScorer scorer = new ImageScorer(system);
        Preset web = Presets.standard().find("web").orElseThrow();
        List<Path> files = CorpusBench.files(corpus);
        Report report = new Report(System.out);
        report.text(Machine.describe() + "\n");
        Table table = new Table("Preset web on " + files.size() + " real files: system libvips " + system.version()
                + " against " + other.version() + " (" + configured + ")",
                "file", "bytes system", "bytes other", "other/system", "score system", "score other",
                "CPU s system", "CPU s other");
        List<Double> byteRatios = new ArrayList<>();
        List<Double> cpuRatios = new ArrayList<>();
        // warm both up: the JIT and each library's first operations
        measure(system, scorer, files.getFirst(), web, work);
        measure(other, scorer, files.getFirst(), web, work);
        for (Path file : files) {
            report.progress(file.getFileName().toString());
            Side a = measure(system, scorer, file, web, work);
            Side b = measure(other, scorer, file, web, work);
            byteRatios.add((double) b.bytes / a.bytes);
            cpuRatios.add(b.cpu / a.cpu);
            table.row(file.getFileName(), a.bytes, b.bytes, Table.fixed((double) b.bytes / a.bytes, 3),
                    Table.fixed(a.score, 1), Table.fixed(b.score, 1), Table.fixed(a.cpu, 3), Table.fixed(b.cpu, 3));
        }
        table.note("median bytes other/system " + Table.fixed(Stats.of(byteRatios).median(), 3)
                + " (" + Table.fixed(Stats.of(byteRatios).min(), 3) + "–" + Table.fixed(Stats.of(byteRatios).max(), 3)
                + "), median CPU other/system " + Table.fixed(Stats.of(cpuRatios).median(), 3)
                + ". Scores: SSIMULACRA 2 of the output against the input as the service resizes it, "
                + "computed with the system libvips for both. CPU: the whole process while the optimizer runs, one libvips thread per image.");
        report.table(table);
        report.write(work.resolve("libvips-report.md"));
    }

    private static Side measure(Vips vips, ImageScorer scorer, Path file, Preset preset, Path work) throws IOException {
        CorpusBench.Measured measured = CorpusBench.run(vips, file, preset, QualityMode.FIXED, work);
        double score = scorer.score(file, preset.image(), measured.optimized().output(), work.resolve("reference.png"));
        return new Side(measured.bytes(), score, measured.cpu());
    }
}
