package io.mediaopt.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The service against sharp, the Node.js image library, in one run on the same machine: the
 * photo, the screenshot and the GIF through preset web at 1, 2 and 4 in flight, each batch of the
 * service followed by the same batch in sharp (bench/sharp/batch.mjs, in process, the same width,
 * WebP quality and effort, metadata dropped, cache off). sharp comes from the npm registry at the
 * version bench/sharp/package-lock.json pins, installed into bench/sharp/node_modules on first use.
 * Both sides are warmed up first: the service with {@link #REQUEST_PATH_WARM_UP} requests of a
 * small icon, then {@link #WARM_UP} per input, and each batch with one image per request in
 * flight. Each batch runs in rounds, service then sharp, and the table gives the medians: the
 * machine's speed drifts between minutes, not within a round.
 */
final class SharpSection {
    private static final String PRESET = "web";
    private static final int[] IN_FLIGHT = {1, 2, 4};
    private static final Path SHARP_DIR = Path.of("bench", "sharp");
    /**
     * Requests of a small picture sent to the service before anything is measured: C1 compiles
     * a method after ~200 calls, so a fresh server runs the code it passes once per request
     * partly interpreted for its first few hundred requests (the screenshot at two in flight,
     * ~5 % more CPU after 64 requests than after 600). A running server compiled it long ago.
     */
    private static final int REQUEST_PATH_WARM_UP = 600;
    /** Requests sent to the service before its first batch of each input. */
    private static final int WARM_UP = 64;
    /** Rounds of each batch in a full run; the quick run takes one. */
    private static final int ROUNDS = 5;

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
                "service CPU s/img", "sharp CPU s/img", "service/sharp CPU", "client CPU s/img", "service p50",
                "sharp p50", "service peak RSS MiB", "sharp peak RSS MiB");
        ServicePreset.Image preset = run.preset(PRESET).image();
        int rounds = run.options.pick(1, ROUNDS);
        String versions = "";
        run.report.progress("sharp: warming the service's request path up on " + run.media.icon().name());
        ThroughputSection.batch(run.server().pid(), REQUEST_PATH_WARM_UP, 2,
                i -> () -> run.optimize(run.media.icon(), PRESET, out.resolve("path-warm-" + i)));
        for (MediaCase input : List.of(run.media.photo(), run.media.screenshot(), run.media.gif())) {
            run.report.progress("sharp: warming the service up on " + input.name());
            ThroughputSection.batch(run.server().pid(), WARM_UP, 2,
                    i -> () -> run.optimize(input, PRESET, out.resolve("warm-" + i)));
            for (int inFlight : IN_FLIGHT) {
                int count = run.options.pick(4, 8) * inFlight;
                List<Round> measured = new ArrayList<>();
                for (int round = 1; round <= rounds; round++) {
                    run.report.progress("sharp: " + input.name() + ", " + count + " images, " + inFlight
                            + " at a time, round " + round + " of " + rounds);
                    measured.add(round(input, count, inFlight, preset));
                }
                versions = measured.getLast().sharp().versions() + ", "
                        + measured.getLast().sharp().threadsPerImage() + " libvips thread(s) per image";
                table.row(input.name(), inFlight, rounds + " x " + count,
                        Table.fixed(median(measured, r -> r.service().imagesPerSecond()), 2),
                        Table.fixed(median(measured, r -> r.sharp().imagesPerSecond()), 2),
                        Table.fixed(median(measured, r -> r.service().imagesPerSecond() / r.sharp().imagesPerSecond()), 3),
                        Table.fixed(median(measured, r -> r.serviceCpu()), 3),
                        Table.fixed(median(measured, r -> r.sharp().cpuPerImage()), 3),
                        Table.fixed(median(measured, r -> r.serviceCpu() / r.sharp().cpuPerImage()), 3),
                        Table.fixed(median(measured, Round::clientCpu), 3),
                        RatioSection.seconds(median(measured, r -> r.service().latency().median())),
                        RatioSection.seconds(median(measured, r -> r.sharp().p50())),
                        measured.stream().mapToLong(Round::servicePeakKib).max().orElseThrow() / 1024,
                        measured.stream().mapToLong(r -> r.sharp().peakRssKib()).max().orElseThrow() / 1024);
            }
        }
        table.note("Service over HTTP (upload, sniffing, header checks, encode, download), sharp in process ("
                + versions + "). Each round is a batch of the service followed at once by the same batch in "
                + "sharp; the figures and ratios are medians over the rounds (the machine's speed drifts by "
                + "10 % and more over minutes, the same for both sides within a round), peaks the highest. "
                + "CPU per image: the server's utime+stime from /proc; sharp's process.cpuUsage(); the client "
                + "is this bench's process sending the service's requests, on the same cores. Peak RSS: the "
                + "server's high-water mark over the batch (VmHWM, reset before it; a JVM with its heap), "
                + "sharp's process maxRSS (Node.js and V8 included).");
        run.report.table(table);
    }

    /** One batch of the service and the same batch in sharp right after it. */
    private Round round(MediaCase input, int count, int inFlight, ServicePreset.Image preset) {
        long pid = run.server().pid();
        // one image per request in flight first, as batch.mjs does for sharp
        ThroughputSection.batch(pid, inFlight, inFlight,
                i -> () -> run.optimize(input, PRESET, out.resolve("warm-" + i)));
        ProcFs.CpuTimes clientBefore = ProcFs.cpu(ProcessHandle.current().pid());
        ThroughputSection.Batch service;
        long peakKib;
        if (ProcFs.resetPeakRss(pid)) {
            service = serviceBatch(input, count, inFlight);
            peakKib = ProcFs.peakRssKib(pid).orElseThrow();
        } else {
            try (MemorySampler sampler = MemorySampler.start(pid)) {
                service = serviceBatch(input, count, inFlight);
                peakKib = sampler.stop().selfKib();
            }
        }
        double clientCpu = ProcFs.cpu(ProcessHandle.current().pid()).minus(clientBefore).selfSeconds() / count;
        return new Round(service, clientCpu, peakKib, sharp(input, count, inFlight, preset));
    }

    private ThroughputSection.Batch serviceBatch(MediaCase input, int count, int inFlight) {
        return ThroughputSection.batch(run.server().pid(), count, inFlight,
                i -> () -> run.optimize(input, PRESET, out.resolve("service-" + i)));
    }

    private record Round(ThroughputSection.Batch service, double clientCpu, long servicePeakKib, SharpBatch sharp) {
        double serviceCpu() {
            return service.cpuPerImage().selfSeconds();
        }
    }

    private static double median(List<Round> rounds, ToDoubleFunction<Round> figure) {
        return Stats.median(rounds.stream().mapToDouble(figure).sorted().toArray());
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
