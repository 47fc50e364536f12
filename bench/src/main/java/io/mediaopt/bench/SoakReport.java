package io.mediaopt.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The soak's figures: a CSV line per minute, and a Markdown summary comparing the peak resident
 * size of the run's second half with its first half's (the soak passes when it is within 5 % and
 * no request failed), with the curve in blocks of minutes and a bar per minute.
 */
final class SoakReport {
    static final double ALLOWED_GROWTH = 1.05;
    private static final double KIB_PER_MIB = 1024.0;
    private static final int BAR_WIDTH = 50;

    private SoakReport() {}

    static String csvHeader() {
        List<String> columns = new ArrayList<>(List.of("minute", "rss_max_mib", "rss_end_mib", "children_max_mib",
                "nmt_committed_mib", "nmt_malloc_mib", "rss_end_minus_nmt_mib"));
        for (String category : NativeMemory.CATEGORIES) {
            columns.add("nmt_" + category.toLowerCase(Locale.ROOT).replace(' ', '_') + "_mib");
        }
        columns.addAll(List.of("requests_done", "failures", "rss_peak_vmhwm_mib"));
        return String.join(",", columns);
    }

    static String csvLine(SoakSampler.Minute m) {
        NativeMemory nmt = m.nativeMemory();
        List<String> cells = new ArrayList<>(List.of(Integer.toString(m.minute() + 1), mib(m.rssMaxKib()),
                mib(m.rssEndKib()), mib(m.childrenMaxKib()), mib(nmt.committedKib()), mib(nmt.mallocKib()),
                mib(m.rssEndKib() - nmt.committedKib())));
        for (String category : NativeMemory.CATEGORIES) cells.add(mib(nmt.categoryKib(category)));
        cells.add(Long.toString(m.requestsDone()));
        cells.add(Long.toString(m.failures()));
        cells.add(m.rssPeakKib().isPresent() ? mib(m.rssPeakKib().getAsLong()) : "");
        return String.join(",", cells);
    }

    /**
     * The Markdown summary of {@code minutes} (at least two); {@code done} and {@code failed}
     * count every request, the last ones too, which end after the last minute.
     */
    static String summary(List<SoakSampler.Minute> minutes, String setup, long done, long failed) {
        int half = minutes.size() / 2;
        List<SoakSampler.Minute> first = minutes.subList(0, half);
        List<SoakSampler.Minute> second = minutes.subList(half, minutes.size());
        long firstPeak = peak(first);
        long secondPeak = peak(second);
        double ratio = (double) secondPeak / firstPeak;
        boolean flat = ratio <= ALLOWED_GROWTH && failed == 0;
        StringBuilder out = new StringBuilder();
        out.append("## Memory over ").append(minutes.size()).append(" minutes\n\n").append(setup).append("\n\n");
        Table halves = new Table("Peaks per half", "half", "minutes", "RSS peak MiB", "NMT committed peak MiB");
        halves.row("first", "1-" + half, mib(firstPeak), mib(peakCommitted(first)));
        halves.row("second", (half + 1) + "-" + minutes.size(), mib(secondPeak), mib(peakCommitted(second)));
        halves.note(String.format(Locale.ROOT, "Second half's peak / first half's: %.3f (allowed %.2f). Requests: %d "
                + "done, %d failed. Verdict: %s.", ratio, ALLOWED_GROWTH, done, failed,
                flat ? "flat" : "NOT flat"));
        out.append(halves.render()).append('\n').append(blocks(minutes).render()).append('\n');
        out.append("RSS peak per minute (each # is ").append(mib(peak(minutes) / BAR_WIDTH)).append(" MiB):\n\n```\n");
        for (SoakSampler.Minute m : minutes) {
            int bar = (int) Math.round((double) m.peakKib() * BAR_WIDTH / peak(minutes));
            out.append(String.format(Locale.ROOT, "%3d %6s %s%n", m.minute() + 1, mib(m.peakKib()), "#".repeat(bar)));
        }
        return out.append("```\n").toString();
    }

    private static Table blocks(List<SoakSampler.Minute> minutes) {
        int size = minutes.size() >= 20 ? 10 : 1;
        Table table = new Table("The curve, per " + size + " minute" + (size > 1 ? "s" : ""), "minutes", "RSS peak MiB",
                "RSS at end MiB", "ffmpeg peak MiB", "NMT committed MiB", "Java heap MiB", "RSS − NMT MiB",
                "requests", "failures");
        for (int from = 0; from < minutes.size(); from += size) {
            List<SoakSampler.Minute> block = minutes.subList(from, Math.min(from + size, minutes.size()));
            SoakSampler.Minute end = block.getLast();
            long children = block.stream().mapToLong(SoakSampler.Minute::childrenMaxKib).max().orElse(0);
            long before = from == 0 ? 0 : minutes.get(from - 1).requestsDone();
            table.row((from + 1) + "-" + (end.minute() + 1), mib(peak(block)), mib(end.rssEndKib()), mib(children),
                    mib(end.nativeMemory().committedKib()), mib(end.nativeMemory().categoryKib("Java Heap")),
                    mib(end.rssEndKib() - end.nativeMemory().committedKib()), end.requestsDone() - before,
                    end.failures());
        }
        table.note("RSS peak is the server's own (ffmpeg apart): the kernel's VmHWM reset each minute where it may be, "
                + "else the largest of one-second samples. NMT is the JVM's Native Memory Tracking at each block's last "
                + "minute; RSS − NMT approximates what libvips and glibc hold outside the JVM's accounting.");
        return table;
    }

    private static long peak(List<SoakSampler.Minute> minutes) {
        return minutes.stream().mapToLong(SoakSampler.Minute::peakKib).max().orElse(0);
    }

    private static long peakCommitted(List<SoakSampler.Minute> minutes) {
        return minutes.stream().mapToLong(m -> m.nativeMemory().committedKib()).max().orElse(0);
    }

    private static String mib(long kib) {
        return Table.fixed(kib / KIB_PER_MIB, 0);
    }
}
