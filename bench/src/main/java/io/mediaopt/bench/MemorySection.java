package io.mediaopt.bench;

import io.mediaopt.client.Job;
import io.mediaopt.client.JobSubmission;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * Peak resident memory of the server and its children (ffmpeg, ffprobe) under load, sampled every
 * 50 ms from /proc, each scenario on a freshly started server so earlier work does not count:
 * four ~110 MB video uploads at once as jobs (the upload phase, then the encodes they queue),
 * and eight image optimizations sent at once.
 */
final class MemorySection {
    private static final double KIB_PER_MIB = 1024.0;

    private final BenchRun run;
    private final Path out;

    MemorySection(BenchRun run) {
        this.run = run;
        this.out = run.dir("memory");
    }

    void execute() {
        Table table = new Table("Peak memory (RSS) under load",
                "scenario", "phase", "seconds", "server MiB", "children MiB", "server+children MiB", "server VmHWM MiB");
        videoUploads(table);
        images(table, run.media.photo(), 8);
        images(table, run.media.screenshot(), 8);
        rawTools(table);
        table.note("Server and children peaks are each the largest sample; server+children is the largest sum at one "
                + "instant (a child's shared libraries count in full in each process). VmHWM is the kernel's own peak "
                + "for the server over its whole life, start-up included. JVM options: "
                + (run.options.serverJvm().isEmpty() ? "none (defaults)" : String.join(" ", run.options.serverJvm()))
                + "; malloc: " + mallocSettings() + ". The raw rows run the tool alone, once, for scale.");
        run.report.table(table);
    }

    private void videoUploads(Table table) {
        run.restartServer();
        MediaCase big = run.media.bigClip();
        String scenario = "4 × " + Math.round(RatioSection.size(big.file()) / 1e6) + " MB video jobs";
        run.report.progress(scenario);
        long started = System.nanoTime();
        List<String> ids = new ArrayList<>();
        try (MemorySampler sampler = MemorySampler.start(run.server().pid())) {
            concurrently(4, i -> {
                JobSubmission submitted = run.client().submitJob(big.file(), "web");
                synchronized (ids) {
                    ids.add(submitted.jobId());
                }
            });
            double uploaded = seconds(started);
            row(table, scenario, "4 uploads in flight until all answered 202", uploaded, sampler.peaks());
            // two encodes in flight is the steady state; quick mode stops once the first job is done
            int wanted = run.options.pick(1, ids.size());
            Duration wait = Duration.ofSeconds(run.options.pick(240, 600));
            for (String id : ids.subList(0, wanted)) {
                Job job = run.client().waitForJob(id, wait.minusNanos(System.nanoTime() - started));
                if (job.error() != null) throw new IllegalStateException("job " + id + " failed: " + job.error());
            }
            RawVideoCommand.lastLogged(run.server().logLines(), "video-mp4-h264")
                    .ifPresent(command -> run.videoCommands.put(BenchRun.key(big, "web"), command));
            row(table, scenario, "then their encodes, preset web, until " + (wanted == 1 ? "one job is" : "all are")
                    + " done", seconds(started),
                    sampler.stop());
        }
    }

    private void images(Table table, MediaCase input, int count) {
        run.restartServer();
        String scenario = count + " × " + input.name() + " optimize at once";
        run.report.progress(scenario);
        long started = System.nanoTime();
        try (MemorySampler sampler = MemorySampler.start(run.server().pid())) {
            concurrently(count, i -> run.optimize(input, "web", out.resolve(input.name() + "-" + i)));
            row(table, scenario, "until all " + count + " answered", seconds(started), sampler.stop());
        }
    }

    /** What the tools alone hold: the service's ffmpeg command for the big clip, and one image. */
    private void rawTools(Table table) {
        List<String> logged = run.videoCommand(run.media.bigClip(), run.preset("web"));
        Command ffmpeg = RawVideoCommand.retarget(logged, run.media.bigClip().file(), out.resolve("raw.mp4"));
        rawRow(table, "raw ffmpeg, the service's web command", "one encode of the big clip", ffmpeg);
        Command vips = RawImageCommand.encode(run.media.photo().file(), false, run.preset("web").image(),
                out.resolve("raw.webp"));
        rawRow(table, "raw vips thumbnail, photo to web", "one image", vips);
    }

    private void rawRow(Table table, String scenario, String phase, Command command) {
        run.report.progress(scenario);
        long started = System.nanoTime();
        try {
            Process process = new ProcessBuilder(command.args()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            MemorySampler.Peaks peaks;
            try (MemorySampler sampler = MemorySampler.start(process.pid())) {
                if (process.waitFor() != 0) throw new IllegalStateException(scenario + " failed: " + command);
                peaks = sampler.peaks();
            }
            table.row(scenario, phase, Table.fixed(seconds(started), 1), mib(peaks.selfKib()), mib(peaks.childrenKib()),
                    mib(peaks.totalKib()), null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String mallocSettings() {
        List<String> set = new ArrayList<>();
        for (String name : List.of("MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_")) {
            String value = System.getenv(name);
            if (value != null) set.add(name + "=" + value);
        }
        return set.isEmpty() ? "glibc defaults" : String.join(" ", set);
    }

    private void row(Table table, String scenario, String phase, double seconds, MemorySampler.Peaks peaks) {
        long hwm = ProcFs.peakRssKib(run.server().pid()).orElse(0);
        table.row(scenario, phase, Table.fixed(seconds, 1), mib(peaks.selfKib()), mib(peaks.childrenKib()),
                mib(peaks.totalKib()), mib(hwm));
    }

    private static void concurrently(int count, IntConsumer task) {
        try (ExecutorService threads = Executors.newFixedThreadPool(count)) {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int index = i;
                futures.add(threads.submit(() -> task.accept(index)));
            }
            for (Future<?> f : futures) f.get();
        } catch (Exception e) {
            throw new IllegalStateException("a request of the memory test failed", e);
        }
    }

    private static String mib(long kib) {
        return Table.fixed(kib / KIB_PER_MIB, 0);
    }

    private static double seconds(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1e9;
    }
}
