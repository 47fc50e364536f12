package io.mediaopt.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * Measures the service against the raw tools it wraps, on media it generates itself, and prints
 * Markdown tables: time per file (ratio to the tool), throughput and CPU per image, size and SSIM
 * per preset, a quality sweep, and peak memory under load. Run it with bench/run.sh.
 */
public final class Bench {
    private Bench() {}

    public static void main(String[] args) {
        Path repo = Path.of("").toAbsolutePath();
        String timestamp = LocalDateTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        BenchOptions options;
        try {
            options = BenchOptions.parse(args, repo, timestamp);
        } catch (BenchOptions.Usage usage) {
            System.out.println(USAGE);
            return;
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage() + "\n" + USAGE);
            System.exit(2);
            return;
        }
        if (!Files.isRegularFile(options.serverJar())) {
            System.err.println("No server jar at " + options.serverJar() + "; build it with ./mvnw -DskipTests package");
            System.exit(2);
        }
        long started = System.nanoTime();
        Report report = new Report(System.out);
        report.text("## mediaopt bench, " + (options.quick() ? "quick" : "full") + " run, " + timestamp + "\n");
        report.text(Machine.describe() + "\n");
        MediaSet media = new MediaGenerator(options.mediaDir(), report::progress).generate();
        try (BenchRun run = new BenchRun(options, media, report)) {
            run.restartServer();
            if (options.runs("ratio")) new RatioSection(run).execute();
            if (options.runs("throughput")) new ThroughputSection(run).execute();
            if (options.runs("sharp")) new SharpSection(run).execute();
            if (options.runs("quality")) new QualitySection(run).execute();
            if (options.runs("sweep")) new SweepSection(run).execute();
            if (options.runs("memory")) new MemorySection(run).execute();
            if (options.runs("renditions")) new RenditionsSection(run).execute();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        report.text("Run took " + took.toMinutesPart() + " min " + took.toSecondsPart() + " s.");
        Path file = options.workDir().resolve("report.md");
        report.write(file);
        System.out.println("\nReport: " + file + "\nOutputs and server logs: " + options.workDir());
    }

    private static final String USAGE = """
            usage: bench/run.sh [--quick] [--only ratio,throughput,sharp,quality,sweep,memory,renditions]
                                [--server-jvm "JVM OPTIONS"] [--server-jar FILE] [--java FILE]
                                [--media DIR] [--work DIR]
              --quick       fewer repetitions, the 1080p clip with preset web only, no sweep (< 5 min on 2 cores)
              --only        run only these sections (default: all; quick leaves out sweep)
              --server-jvm  JVM options for the server under test (default: $MEDIAOPT_JAVA_OPTS,
                            which bench/run.sh sets as run.sh does; "" for the JVM's own defaults)
              --media       where generated inputs are kept between runs (default bench/target/media)
              --work        outputs, server logs and report.md (default bench/target/run-<time>)""";
}
