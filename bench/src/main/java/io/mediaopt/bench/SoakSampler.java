package io.mediaopt.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Follows the server's memory through the soak: its resident size (and its children's, ffmpeg's)
 * every second, keeping each minute's largest, and at the end of each minute what the JVM's
 * Native Memory Tracking says is committed, with the requests done and failed so far. Where the
 * kernel lets the soak reset the server's own peak (VmHWM, through /proc/&lt;pid&gt;/clear_refs)
 * it does so at the start of each minute, and the minute's peak is that exact figure too; else
 * it is empty and the one-second samples are all there is.
 */
final class SoakSampler {
    static final Duration INTERVAL = Duration.ofSeconds(1);
    static final Duration MINUTE = Duration.ofMinutes(1);

    /** One minute of the soak; memory in KiB, requests counted from the start. */
    record Minute(int minute, long rssMaxKib, OptionalLong rssPeakKib, long rssEndKib, long childrenMaxKib,
                  NativeMemory nativeMemory, long requestsDone, long failures) {
        /** The minute's peak: the kernel's where it was reset for the minute, else the largest sample. */
        long peakKib() {
            return Math.max(rssMaxKib, rssPeakKib.orElse(0));
        }
    }

    /** Reads the traffic's counters at the end of each minute: [done, failed]. */
    interface Counters {
        long[] read();
    }

    private final long pid;
    private final Path jcmd;
    private final Path scratch;
    private final Counters counters;
    private final Consumer<Minute> sink;
    private final List<Minute> minutes = new ArrayList<>();

    SoakSampler(long pid, Path jcmd, Path scratch, Counters counters, Consumer<Minute> sink) {
        this.pid = pid;
        this.jcmd = jcmd;
        this.scratch = scratch;
        this.counters = counters;
        this.sink = sink;
    }

    /** Samples for {@code count} whole minutes from now, handing each to the sink as it ends. */
    List<Minute> sample(int count) throws InterruptedException {
        long start = System.nanoTime();
        for (int minute = 0; minute < count; minute++) {
            long end = start + MINUTE.toNanos() * (minute + 1);
            long rssMax = 0;
            long childrenMax = 0;
            long rss = 0;
            boolean reset = ProcFs.resetPeakRss(pid);
            while (true) {
                rss = ProcFs.rssKib(pid).orElseThrow(() -> new IllegalStateException("the server exited"));
                rssMax = Math.max(rssMax, rss);
                childrenMax = Math.max(childrenMax, ProcFs.descendantsRssKib(pid));
                long left = end - System.nanoTime();
                if (left <= 0) break;
                Thread.sleep(Duration.ofNanos(Math.min(left, INTERVAL.toNanos())));
            }
            long[] counted = counters.read();
            OptionalLong peak = reset ? ProcFs.peakRssKib(pid) : OptionalLong.empty();
            Minute row = new Minute(minute, rssMax, peak, rss, childrenMax, NativeMemory.of(jcmd, pid, scratch),
                    counted[0], counted[1]);
            minutes.add(row);
            sink.accept(row);
        }
        return List.copyOf(minutes);
    }
}
