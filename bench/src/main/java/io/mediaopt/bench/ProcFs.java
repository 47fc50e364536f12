package io.mediaopt.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * Reads what Linux says about a process in /proc: CPU time (its own and that of the children it
 * has waited for) and resident memory. Processes come and go while we read, so a process that
 * vanished reads as empty rather than failing.
 */
public final class ProcFs {
    /** USER_HZ; 100 on every Linux the service runs on (the kernel ABI fixes it for /proc). */
    private static final double TICKS_PER_SECOND = 100.0;

    private ProcFs() {}

    /** CPU seconds from /proc/<pid>/stat: the process itself, and its waited-for children. */
    public record CpuTimes(double selfSeconds, double childrenSeconds) {
        public CpuTimes minus(CpuTimes earlier) {
            return new CpuTimes(selfSeconds - earlier.selfSeconds, childrenSeconds - earlier.childrenSeconds);
        }
    }

    public static CpuTimes cpu(long pid) {
        String stat = read(Path.of("/proc", Long.toString(pid), "stat"));
        if (stat == null) throw new IllegalStateException("process " + pid + " is gone");
        // the command name in parentheses may contain spaces: fields are counted after its ')'
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // after ')': state=0, ..., utime=11, stime=12, cutime=13, cstime=14 (stat fields 14-17)
        long utime = Long.parseLong(f[11]);
        long stime = Long.parseLong(f[12]);
        long cutime = Long.parseLong(f[13]);
        long cstime = Long.parseLong(f[14]);
        return new CpuTimes((utime + stime) / TICKS_PER_SECOND, (cutime + cstime) / TICKS_PER_SECOND);
    }

    /** VmRSS in KiB, empty when the process is gone (or is a zombie without memory). */
    static OptionalLong rssKib(long pid) {
        return statusField(pid, "VmRSS:");
    }

    /** VmHWM, the peak resident size the kernel recorded over the life of the process, in KiB. */
    static OptionalLong peakRssKib(long pid) {
        return statusField(pid, "VmHWM:");
    }

    /**
     * Sets VmHWM back to the resident size of the moment (Linux 4.0 and later), so that it then
     * gives the peak of what follows, exactly and at no cost while it runs; false when the
     * kernel would not.
     */
    static boolean resetPeakRss(long pid) {
        try {
            Files.writeString(Path.of("/proc", Long.toString(pid), "clear_refs"), "5");
            return true;
        } catch (IOException notAllowed) {
            return false;
        }
    }

    /** Resident KiB summed over every live descendant of {@code pid}. */
    static long descendantsRssKib(long pid) {
        List<ProcessHandle> descendants = ProcessHandle.of(pid).map(p -> p.descendants().toList()).orElse(List.of());
        long sum = 0;
        for (ProcessHandle child : descendants) sum += rssKib(child.pid()).orElse(0);
        return sum;
    }

    private static OptionalLong statusField(long pid, String field) {
        String status = read(Path.of("/proc", Long.toString(pid), "status"));
        if (status == null) return OptionalLong.empty();
        for (String line : status.split("\n")) {
            if (line.startsWith(field)) {
                return OptionalLong.of(Long.parseLong(line.substring(field.length()).replace("kB", "").strip()));
            }
        }
        return OptionalLong.empty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException gone) {
            return null;
        }
    }
}
