package io.mediaopt.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Images per second at 1, 2 and 4 requests in flight, for the JPEG photo and the PNG screenshot
 * (preset web), with latency percentiles and the CPU seconds each image cost: of the server
 * process itself (libvips runs inside it) and of the children it waited for. The raw tool runs
 * the same batch as as many concurrent processes, its CPU read from the bench's own children.
 */
final class ThroughputSection {
    private static final String PRESET = "web";
    private static final int[] CONCURRENCY = {1, 2, 4};

    private final BenchRun run;
    private final Path out;

    ThroughputSection(BenchRun run) {
        this.run = run;
        this.out = run.dir("throughput");
    }

    record Batch(double imagesPerSecond, Stats latency, ProcFs.CpuTimes cpuPerImage) {}

    void execute() {
        Table table = new Table("Throughput, preset web",
                "input", "in flight", "images", "service img/s", "raw img/s", "service/raw", "service p50",
                "service p95", "raw p50", "raw p95", "server CPU s/img", "children CPU s/img", "raw CPU s/img");
        ServicePreset.Image preset = run.preset(PRESET).image();
        for (MediaCase input : List.of(run.media.photo(), run.media.screenshot())) {
            for (int concurrency : CONCURRENCY) {
                int count = run.options.pick(3, 10) * concurrency;
                run.report.progress(input.name() + ": " + count + " images, " + concurrency + " at a time");
                Batch service = batch(run.server().pid(), count, concurrency,
                        i -> () -> run.optimize(input, PRESET, out.resolve("service-" + i)));
                Batch raw = batch(ProcessHandle.current().pid(), count, concurrency, i -> () ->
                        RawImageCommand.encode(input.file(), false, preset, out.resolve("raw-" + i + ".webp"))
                                .run(out, BenchRun.TOOL_TIMEOUT));
                table.row(input.name(), concurrency, count,
                        Table.fixed(service.imagesPerSecond(), 2), Table.fixed(raw.imagesPerSecond(), 2),
                        Table.fixed(raw.imagesPerSecond() / service.imagesPerSecond(), 3) + "x",
                        RatioSection.seconds(service.latency().median()), RatioSection.seconds(service.latency().p95()),
                        RatioSection.seconds(raw.latency().median()), RatioSection.seconds(raw.latency().p95()),
                        Table.fixed(service.cpuPerImage().selfSeconds(), 3),
                        Table.fixed(service.cpuPerImage().childrenSeconds(), 3),
                        Table.fixed(raw.cpuPerImage().childrenSeconds(), 3));
            }
        }
        table.note("service/raw = raw images per second / service images per second (1.000x: as fast as the tool). "
                + "p95 is the nearest-rank percentile of the batch. CPU from /proc/<pid>/stat: utime+stime of the "
                + "server, cutime+cstime for its children; the raw tool's from the bench process's cutime+cstime.");
        run.report.table(table);
    }

    /**
     * Runs {@code count} jobs, {@code concurrency} at a time, and measures what {@code pid} spent
     * on them: its own CPU and its waited-for children's.
     */
    static Batch batch(long pid, int count, int concurrency, IntFunction<Runnable> job) {
        List<Double> latencies = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        ProcFs.CpuTimes before = ProcFs.cpu(pid);
        long started = System.nanoTime();
        try (ExecutorService threads = Executors.newFixedThreadPool(concurrency)) {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < concurrency; t++) {
                workers.add(threads.submit(() -> {
                    for (int i; (i = next.getAndIncrement()) < count; ) {
                        long t0 = System.nanoTime();
                        job.apply(i).run();
                        latencies.add((System.nanoTime() - t0) / 1e9);
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) worker.get();
        } catch (Exception e) {
            throw new IllegalStateException("a batch request failed", e);
        }
        double wall = (System.nanoTime() - started) / 1e9;
        ProcFs.CpuTimes used = ProcFs.cpu(pid).minus(before);
        return new Batch(count / wall, Stats.of(latencies),
                new ProcFs.CpuTimes(used.selfSeconds() / count, used.childrenSeconds() / count));
    }
}
