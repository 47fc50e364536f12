package io.mediaopt.cluster;

import io.mediaopt.Fixtures;
import io.mediaopt.ServerProcess;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One long video under {@code web} on PostgreSQL and S3 (both in this JVM's helpers, as the
 * cluster tests run them): on one node in one piece, on one node in chunks, and on two nodes in
 * chunks, each node pinned to a processor of its own with taskset (every thread of the JVM, so
 * the ffmpeg it starts too). Prints the wall time from submission to done, the CPU seconds of
 * the nodes (their encoders included), and the ratios to one node in chunks.
 *
 * <p>Arguments: {@code work-dir seconds WxH chunk-sec cpu,cpu [clip]}; without a clip one is made:
 * testsrc2 with grain at 30 fps and a tone, key frames every 2 s, kept under the work dir.
 */
public final class VideoChunksBench {
    private VideoChunksBench() {}

    private record Run(String name, double wallSec, double cpuSec, long bytes, double outputSec) {}

    public static void main(String[] args) throws Exception {
        Path work = Path.of(args[0]);
        int seconds = Integer.parseInt(args[1]);
        String size = args[2];
        String chunkSec = args[3];
        String[] cpus = args[4].split(",");
        Path clip = args.length > 5 ? Path.of(args[5]) : makeClip(work, seconds, size);
        System.out.printf(Locale.ROOT, "clip %s: %d bytes; chunks of %s s; nodes pinned to processors %s%n", clip,
                Files.size(clip), chunkSec, String.join(",", cpus));
        // worker slots per node (BENCH_WORKERS, 1 by default): more than its one video encoder, as on a node of 8 processors
        String workers = System.getenv().getOrDefault("BENCH_WORKERS", "1");
        Map<String, String> chunks = Map.of("SERVICE_VIDEO_CHUNK_THRESHOLD_SEC", "1", "SERVICE_VIDEO_CHUNK_SEC", chunkSec,
                "SERVICE_WORKERS", workers);
        if ("two-nodes".equals(System.getenv("BENCH_RUNS"))) {
            run(work.resolve("two-nodes"), "2 nodes, chunks", clip, chunks, cpus[0], cpus[1]);
            return;
        }
        List<Run> runs = new ArrayList<>();
        runs.add(run(work.resolve("one-piece"), "1 node, one piece", clip, Map.of("SERVICE_VIDEO_CHUNK_THRESHOLD_SEC", "0"),
                cpus[0]));
        runs.add(run(work.resolve("one-node"), "1 node, chunks", clip, chunks, cpus[0]));
        runs.add(run(work.resolve("two-nodes"), "2 nodes, chunks", clip, chunks, cpus[0], cpus[1]));
        Run anchor = runs.get(1);
        System.out.println();
        System.out.println("| run | wall s | CPU s | wall / 1 node in chunks | bytes | output s |");
        System.out.println("|---|---|---|---|---|---|");
        for (Run r : runs) {
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %.2f | %d | %.3f |%n", r.name, r.wallSec, r.cpuSec,
                    r.wallSec / anchor.wallSec, r.bytes, r.outputSec);
        }
        System.out.printf(Locale.ROOT, "speed-up of 2 nodes over 1 node in chunks: %.2fx; over 1 node in one piece: %.2fx%n",
                anchor.wallSec / runs.get(2).wallSec, runs.get(0).wallSec / runs.get(2).wallSec);
    }

    private static Run run(Path dir, String name, Path clip, Map<String, String> settings, String... cpus)
            throws Exception {
        try (Cluster cluster = Cluster.start(dir)) {
            Map<String, String> env = new HashMap<>(settings);
            env.putAll(Map.of("SERVICE_VIDEO_QUALITY", "fixed", "SERVICE_VIDEO_TIMEOUT_MS", "7200000",
                    "SERVICE_MAX_INPUT_BYTES", Long.toString(4L << 30), "SERVICE_VIDEO_ENCODES", "1",
                    "SERVICE_JOB_LEASE_MS", "10000"));
            List<ServerProcess> nodes = new ArrayList<>();
            for (int i = 0; i < cpus.length; i++) {
                ServerProcess node = cluster.node("node-" + i, env);
                pin(node, cpus[i]);
                nodes.add(node);
            }
            for (ServerProcess node : nodes) node.awaitHealthy();
            double cpuBefore = cpuSeconds(nodes);
            try (MediaoptClient client = nodes.getFirst().client()) {
                long start = System.nanoTime();
                String id = client.submitJob(clip, "web").jobId();
                Job job = client.waitForJob(id, Duration.ofHours(2));
                double wall = (System.nanoTime() - start) / 1e9;
                if (job.status() != JobStatus.DONE) throw new IllegalStateException(name + ": " + job.error());
                Run run = new Run(name, wall, cpuSeconds(nodes) - cpuBefore, job.result().outputBytes(),
                        job.result().outputDurationSec());
                System.out.printf(Locale.ROOT, "%s: %.1f s wall, %.1f CPU s%n", name, run.wallSec, run.cpuSec);
                return run;
            }
        }
    }

    /** Every thread of the node, and so every process it starts, on that processor alone. */
    private static void pin(ServerProcess node, String cpu) throws IOException, InterruptedException {
        Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", cpu, Long.toString(node.process().pid()))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (taskset.waitFor() != 0) throw new IllegalStateException("taskset failed");
    }

    /** User and system CPU of the nodes and of the children they waited for (ffmpeg, ffprobe), s. */
    private static double cpuSeconds(List<ServerProcess> nodes) throws IOException {
        double ticks = 0;
        for (ServerProcess node : nodes) {
            String stat = Files.readString(Path.of("/proc", Long.toString(node.process().pid()), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // fields 14-17 of proc(5): utime stime cutime cstime, here from index 11
            for (int i = 11; i <= 14; i++) ticks += Long.parseLong(f[i]);
        }
        return ticks / 100.0;
    }

    private static Path makeClip(Path work, int seconds, String size) throws IOException, InterruptedException {
        Path clip = work.resolve("clip-" + size + "-" + seconds + "s.mp4");
        if (Files.exists(clip)) return clip;
        Files.createDirectories(work);
        Path partial = work.resolve("clip-partial.mp4");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=size=" + size + ":rate=30:duration=" + seconds
                        + ",noise=alls=8:allf=t", "-f", "lavfi", "-i", "sine=f=440:sample_rate=48000:d=" + seconds,
                "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-g", "60", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-b:a", "192k", partial.toString());
        Files.move(partial, clip);
        return clip;
    }
}
