package io.mediaopt.renditions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;

/**
 * The widths of a responsive set, as Cloudinary's {@code responsive_breakpoints} picks them: from
 * the widest down to a floor, spaced so each is at least {@link #BYTES_STEP} bigger than the next
 * narrower one, and at most {@link #MAX_WIDTHS} of them. Pure functions of measured sizes.
 */
final class ResponsiveWidths {
    /** Below this a picture is a thumbnail; a phone at DPR 1 shows at least this much. */
    static final int FLOOR = 320;
    /** The least difference in bytes between neighbouring widths worth a file of its own. */
    static final long BYTES_STEP = 20_000;
    /**
     * Every width is encoded three times (AVIF, WebP, fallback): four keep the set of a 12 MP
     * photo within twice the main encoding's time (five took 3 times, CHANGELOG.md).
     */
    static final int MAX_WIDTHS = 4;

    private ResponsiveWidths() {}

    /**
     * The widths to measure between {@code floor} and {@code top}, whose bytes are known: sizes
     * grow as a power of the width, so the widths where that curve through the two ends rises by
     * equal steps of bytes. Descending, {@code top} first, {@code floor} last.
     */
    static List<Integer> candidates(int top, long topBytes, int floor, long floorBytes) {
        if (top <= floor || topBytes - floorBytes < BYTES_STEP) return List.of(top);
        int intervals = (int) Math.min(MAX_WIDTHS - 1, (topBytes - floorBytes) / BYTES_STEP);
        double exponent = Math.log((double) topBytes / floorBytes) / Math.log((double) top / floor);
        List<Integer> widths = new ArrayList<>();
        widths.add(top);
        for (int i = intervals - 1; i >= 1; i--) {
            double bytes = floorBytes + (double) i * (topBytes - floorBytes) / intervals;
            int width = even(floor * Math.pow(bytes / floorBytes, 1 / exponent));
            if (width < widths.getLast() && width > floor) widths.add(width);
        }
        widths.add(floor);
        return List.copyOf(widths);
    }

    /**
     * From the measured sizes by width, the widths to keep: walking up from the narrowest, a
     * width stays when its bytes exceed the last kept one's by at least {@code step}. The widest
     * always stays, in place of the last kept one when the two are too close. Descending.
     */
    static List<Integer> keep(NavigableMap<Integer, Long> bytesByWidth, long step) {
        List<Integer> kept = new ArrayList<>();
        long lastBytes = Long.MIN_VALUE / 2;
        for (Map.Entry<Integer, Long> e : bytesByWidth.entrySet()) {
            if (e.getValue() - lastBytes >= step) {
                kept.add(e.getKey());
                lastBytes = e.getValue();
            }
        }
        int widest = bytesByWidth.lastKey();
        if (kept.getLast() != widest) {
            if (bytesByWidth.lastEntry().getValue() - bytesByWidth.get(kept.getLast()) < step && kept.size() > 1) {
                kept.removeLast();
            }
            kept.add(widest);
        }
        return List.copyOf(kept.reversed());
    }

    private static int even(double width) {
        return (int) Math.round(width / 2) * 2;
    }
}
