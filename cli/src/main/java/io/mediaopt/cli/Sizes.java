package io.mediaopt.cli;

import java.time.Duration;
import java.util.Locale;

/** Byte counts, percentages and durations as people read them. */
final class Sizes {
    private static final String[] UNITS = {"B", "KB", "MB", "GB", "TB"};

    private Sizes() {}

    static String bytes(long bytes) {
        double value = Math.abs(bytes);
        int unit = 0;
        while (value >= 1000 && unit < UNITS.length - 1) {
            value /= 1000;
            unit++;
        }
        String sign = bytes < 0 ? "-" : "";
        return unit == 0 ? sign + (long) value + " B" : String.format(Locale.ROOT, "%s%.1f %s", sign, value, UNITS[unit]);
    }

    /** "-64.8%" for a file that shrank by that much; "+3.0%" for one that grew. */
    static String percentSaved(long saved, long input) {
        if (input == 0) return "0.0%";
        double percent = 100.0 * saved / input;
        return String.format(Locale.ROOT, "%s%.1f%%", percent >= 0 ? "-" : "+", Math.abs(percent));
    }

    static String duration(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
