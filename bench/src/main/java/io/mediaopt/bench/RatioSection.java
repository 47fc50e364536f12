package io.mediaopt.bench;

import io.mediaopt.client.OptimizationSummary;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Service against raw tool, same input, same parameters (preset web): the wall time of one
 * synchronous optimization over HTTP against the `vips thumbnail` command doing the same work,
 * or against the very ffmpeg command the service logged. Runs alternate (service first, then raw
 * first) so drift on a shared machine hits both sides alike; each pair gives one ratio.
 */
final class RatioSection {
    private static final String PRESET = "web";

    private final BenchRun run;
    private final Path out;

    RatioSection(BenchRun run) {
        this.run = run;
        this.out = run.dir("ratio");
    }

    void execute() {
        Table table = new Table("Service vs raw tool, preset web (wall time per file)",
                "input", "raw tool", "pairs", "service median", "raw median", "extra median", "ratio median",
                "ratio min", "ratio max", "bytes service", "bytes raw");
        warmUp();
        for (MediaCase input : run.media.images()) {
            int pairs = input.animated() ? run.options.pick(2, 7) : run.options.pick(4, 11);
            ServicePreset.Image preset = run.preset(PRESET).image();
            Path raw = out.resolve(input.name() + "-raw." + RawImageCommand.extension(preset, input.animated()));
            Command command = RawImageCommand.encode(input.file(), input.animated(), preset, raw);
            measure(table, input, "vips thumbnail", command, raw, pairs);
        }
        for (MediaCase input : List.of(run.media.clip720(), run.media.clip1080())) {
            int pairs = input.equals(run.media.clip720()) ? run.options.pick(3, 7) : run.options.pick(2, 3);
            Path serviceOut = out.resolve(input.name() + "-service");
            OptimizationSummary first = run.optimize(input, PRESET, serviceOut);
            List<String> logged = RawVideoCommand.lastLogged(run.server().logLines(), first.result().strategy())
                    .orElseThrow(() -> new IllegalStateException("the server log has no ffmpeg command; "
                            + "is io.mediaopt.video at DEBUG?"));
            run.videoCommands.put(BenchRun.key(input, PRESET), logged);
            Path raw = out.resolve(input.name() + "-raw." + extensionOf(logged));
            measure(table, input, "ffmpeg (as logged)", RawVideoCommand.retarget(logged, input.file(), raw), raw, pairs);
        }
        table.note("Ratio = service / raw and extra = service − raw, per alternating pair. The service time is the whole HTTP round trip "
                + "(upload, optimize, store, download) through the Java client; the raw time is the tool's process "
                + "from start to exit.");
        run.report.table(table);
    }

    /** A few optimizations first, so the server's JIT has compiled the request path. */
    private void warmUp() {
        for (int i = 0; i < 3; i++) {
            for (MediaCase input : run.media.images()) run.optimize(input, PRESET, out.resolve("warm-up"));
        }
    }

    private void measure(Table table, MediaCase input, String tool, Command raw, Path rawOut, int pairs) {
        run.report.progress(input.name() + ": " + pairs + " pairs against " + raw);
        Path serviceOut = out.resolve(input.name() + "-service");
        List<Double> service = new ArrayList<>();
        List<Double> rawTimes = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> extra = new ArrayList<>();
        for (int pair = 0; pair < pairs; pair++) {
            double s, r;
            if (pair % 2 == 0) {
                s = timeService(input, serviceOut);
                r = raw.run(out, BenchRun.TOOL_TIMEOUT).seconds();
            } else {
                r = raw.run(out, BenchRun.TOOL_TIMEOUT).seconds();
                s = timeService(input, serviceOut);
            }
            run.report.progress(String.format(Locale.ROOT, "pair %d (%s first): service %.3f s, raw %.3f s",
                    pair + 1, pair % 2 == 0 ? "service" : "raw", s, r));
            service.add(s);
            rawTimes.add(r);
            ratios.add(s / r);
            extra.add(s - r);
        }
        Stats ratio = Stats.of(ratios);
        table.row(input.name(), tool, pairs, seconds(Stats.of(service).median()), seconds(Stats.of(rawTimes).median()),
                Table.fixed(Stats.of(extra).median() * 1000, 0) + " ms", Table.fixed(ratio.median(), 3), Table.fixed(ratio.min(), 3), Table.fixed(ratio.max(), 3),
                size(serviceOut), size(rawOut));
    }

    private double timeService(MediaCase input, Path target) {
        long started = System.nanoTime();
        run.optimize(input, PRESET, target);
        return (System.nanoTime() - started) / 1e9;
    }

    static String seconds(double s) {
        return Table.fixed(s, 3) + " s";
    }

    private static String extensionOf(List<String> command) {
        String last = command.getLast();
        return last.substring(last.lastIndexOf('.') + 1);
    }

    static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
