package io.mediaopt.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The service against sharp, the Node.js image library, in one run on the same machine: the
 * photo, the screenshot and the GIF through preset web at 1, 2 and 4 in flight, each batch of the
 * service followed by the same batch in sharp (bench/sharp/batch.mjs, in process, the same width,
 * WebP quality and effort, metadata dropped, cache off). sharp comes from the npm registry at the
 * version bench/sharp/package-lock.json pins, installed into bench/sharp/node_modules on first use.
 * Both sides are warmed up first: the service with {@link #WARM_UP} requests per input, and each
 * batch with one image per request in flight.
 */
final class SharpSection {
    private static final String PRESET = "web";
    private static final int[] IN_FLIGHT = {1, 2, 4};
    private static final Path SHARP_DIR = Path.of("bench", "sharp");
    /** Requests sent to the service before its first batch of each input. */
    private static final int WARM_UP = 16;

    private final BenchRun run;
    private final Path out;

    SharpSection(BenchRun run) {
        this.run = run;
        this.out = run.dir("sharp");
    }

    private record SharpBatch(double imagesPerSecond, double p50, double p95, double cpuPerImage, long peakRssKib,
                              int threadsPerImage, String versions) {}

    void execute() {
        if (!sharpInstalled()) return;
        Table table = new Table("Against sharp, preset web",
                "input", "in flight", "images", "service img/s", "sharp img/s", "service/sharp img/s",
                "service CPU s/img", "sharp CPU s/img", "service/sharp CPU", "service p50", "sharp p50",
                "service peak RSS MiB", "sharp peak RSS MiB");
        ServicePreset.Image preset = run.preset(PRESET).image();
        String versions = "";
        for (MediaCase input : List.of(run.media.photo(), run.media.screenshot(), run.media.gif())) {
            // a running server has compiled its request path long ago: C1 compiles a method
            // after ~200 calls, so the first batches of a fresh one run partly interpreted
            run.report.progress("sharp: warming the service up on " + input.name());
            ThroughputSection.batch(run.server().pid(), WARM_UP, 2,
                    i -> () -> run.optimize(input, PRESET, out.resolve("warm-" + i)));
            for (int inFlight : IN_FLIGHT) {
                int count = run.options.pick(4, 12) * inFlight;
                run.report.progress("sharp: " + input.name() + ", " + count + " images, " + inFlight + " at a time");
                long pid = run.server().pid();
                // one image per request in flight first, as batch.mjs does for sharp
                ThroughputSection.batch(pid, inFlight, inFlight,
                        i -> () -> run.optimize(input, PRESET, out.resolve("warm-" + i)));
                ThroughputSection.Batch service;
                MemorySampler.Peaks memory;
                try (MemorySampler sampler = MemorySampler.start(pid)) {
                    service = ThroughputSection.batch(pid, count, inFlight,
                            i -> () -> run.optimize(input, PRESET, out.resolve("service-" + i)));
                    memory = sampler.stop();
                }
                SharpBatch sharp = sharp(input, count, inFlight, preset);
                versions = sharp.versions() + ", " + sharp.threadsPerImage() + " libvips thread(s) per image";
                double serviceCpu = service.cpuPerImage().selfSeconds();
                table.row(input.name(), inFlight, count,
                        Table.fixed(service.imagesPerSecond(), 2), Table.fixed(sharp.imagesPerSecond(), 2),
                        Table.fixed(service.imagesPerSecond() / sharp.imagesPerSecond(), 3),
                        Table.fixed(serviceCpu, 3), Table.fixed(sharp.cpuPerImage(), 3),
                        Table.fixed(serviceCpu / sharp.cpuPerImage(), 3),
                        RatioSection.seconds(service.latency().median()), RatioSection.seconds(sharp.p50()),
                        memory.selfKib() / 1024, sharp.peakRssKib() / 1024);
            }
        }
        table.note("Service over HTTP (upload, sniffing, header checks, encode, download), sharp in process ("
                + versions + "). CPU per image: the server's utime+stime from /proc; sharp's process.cpuUsage(). "
                + "Peak RSS: the server sampled every 50 ms during the batch (a JVM with its heap); sharp's "
                + "process maxRSS (Node.js and V8 included).");
        run.report.table(table);
    }

    private boolean sharpInstalled() {
        Command.Result node = Command.of("node", "-e",
                "const [a, b] = process.versions.node.split('.').map(Number); process.exit(a > 20 || a === 20 && b >= 9 ? 0 : 1)")
                .runAllowingFailure(out, BenchRun.TOOL_TIMEOUT);
        if (node.exitCode() != 0) {
            run.report.text("Against sharp: not run, sharp 0.35 needs Node.js 20.9 or newer on PATH.");
            return false;
        }
        if (Files.isDirectory(SHARP_DIR.resolve("node_modules").resolve("sharp"))) return true;
        run.report.progress("installing sharp into bench/sharp/node_modules (npm ci)");
        Command.Result result = new Command(List.of("npm", "ci", "--prefix", SHARP_DIR.toString(),
                "--no-audit", "--no-fund")).runAllowingFailure(out, BenchRun.TOOL_TIMEOUT);
        if (result.exitCode() == 0) return true;
        run.report.text("Against sharp: not run, `npm ci` in bench/sharp failed (Node.js 20.9 or newer and npm "
                + "are needed): " + result.stderr().strip().lines().reduce((a, b) -> b).orElse(""));
        return false;
    }

    private SharpBatch sharp(MediaCase input, int count, int inFlight, ServicePreset.Image preset) {
        // sharp in the environment its users run it in: the malloc settings run.sh gives the
        // server would make sharp give each image every core instead of its usual one
        Command.Result result = new Command(List.of("env", "-u", "MALLOC_ARENA_MAX", "-u", "MALLOC_MMAP_THRESHOLD_",
                "node", SHARP_DIR.resolve("batch.mjs").toString(),
                input.file().toString(), out.toString(), Integer.toString(count), Integer.toString(inFlight),
                Integer.toString(preset.maxWidth()), Integer.toString(preset.webpQuality()),
                Integer.toString(RawImageCommand.EFFORT), Boolean.toString(input.animated())))
                .run(out, BenchRun.TOOL_TIMEOUT);
        try {
            JsonNode json = new ObjectMapper().readTree(result.stdout());
            return new SharpBatch(json.path("imagesPerSecond").asDouble(), json.path("p50").asDouble(),
                    json.path("p95").asDouble(), json.path("cpuSecondsPerImage").asDouble(),
                    json.path("peakRssKib").asLong(), json.path("threadsPerImage").asInt(),
                    "sharp " + json.path("versions").path("sharp").asText() + " on libvips "
                            + json.path("versions").path("vips").asText());
        } catch (Exception e) {
            throw new IllegalStateException("sharp printed no result: " + result.stdout() + result.stderr(), e);
        }
    }
}
