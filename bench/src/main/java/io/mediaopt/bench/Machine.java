package io.mediaopt.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** One paragraph on where the figures come from: cores, load, memory and tool versions. */
final class Machine {
    private Machine() {}

    static String describe() {
        List<String> parts = new ArrayList<>();
        parts.add(Runtime.getRuntime().availableProcessors() + " cores");
        parts.add("load average " + firstWords(read("/proc/loadavg"), 3));
        parts.add(memTotal() + " RAM");
        parts.add("Java " + Runtime.version());
        parts.add(firstLine(Command.of("vips", "--version")));
        parts.add(firstWords(firstLine(Command.of("ffmpeg", "-hide_banner", "-version")), 3));
        return "Machine: " + String.join(", ", parts) + ". Times on a shared machine are noisy; the ratios of "
                + "alternating runs are the figures to compare.";
    }

    private static String memTotal() {
        for (String line : read("/proc/meminfo").split("\n")) {
            if (line.startsWith("MemTotal:")) {
                long kib = Long.parseLong(line.replaceAll("[^0-9]", ""));
                return Math.round(kib / 1024.0 / 1024.0) + " GiB";
            }
        }
        return "? GiB";
    }

    /** The command's first line of output, or that it is not installed (the corpus bench needs no vips command). */
    private static String firstLine(Command command) {
        try {
            String out = command.runAllowingFailure(Path.of(System.getProperty("java.io.tmpdir")), Duration.ofSeconds(20)).stdout();
            return out.lines().findFirst().orElse("?");
        } catch (UncheckedIOException e) {
            return "no " + command.args().getFirst() + " command";
        }
    }

    private static String firstWords(String text, int count) {
        String[] words = text.strip().split("\\s+");
        return String.join(" ", Arrays.copyOf(words, Math.min(count, words.length)));
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            return "?";
        }
    }
}
