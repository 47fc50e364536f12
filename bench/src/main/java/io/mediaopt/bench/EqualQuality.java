package io.mediaopt.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Bytes at equal quality: each point of one setting's curve (bytes, score) set against the bytes
 * the other setting's curve needs for the same score, interpolated linearly in log bytes between
 * its two nearest points. A point whose score lies outside the other curve's range is left out
 * rather than extrapolated, and a curve whose score does not rise with its bytes (grain, where a
 * higher CRF smooths the picture towards the judge's liking) gives no reading at all.
 */
final class EqualQuality {
    record Point(double bytes, double score) {}

    private EqualQuality() {}

    /** Per point of {@code candidate} within {@code baseline}'s scores: its bytes over the baseline's at that score. */
    static List<Double> ratios(List<Point> baseline, List<Point> candidate) {
        List<Point> curve = baseline.stream().sorted(Comparator.comparingDouble(Point::bytes)).toList();
        List<Double> ratios = new ArrayList<>();
        for (int i = 1; i < curve.size(); i++) {
            if (curve.get(i).score() <= curve.get(i - 1).score()) return ratios;
        }
        for (Point p : candidate) {
            double logBytes = logBytesAt(curve, p.score());
            if (!Double.isNaN(logBytes)) ratios.add(p.bytes() / Math.exp(logBytes));
        }
        return ratios;
    }

    /** Median of {@link #ratios}, NaN when no point of {@code candidate} lies within {@code baseline}'s scores. */
    static double medianRatio(List<Point> baseline, List<Point> candidate) {
        double[] r = ratios(baseline, candidate).stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return r.length == 0 ? Double.NaN : Stats.median(r);
    }

    private static double logBytesAt(List<Point> curve, double score) {
        for (int i = 1; i < curve.size(); i++) {
            Point lo = curve.get(i - 1);
            Point hi = curve.get(i);
            if (score < lo.score() || score > hi.score()) continue;
            double span = hi.score() - lo.score();
            double at = span == 0 ? 0 : (score - lo.score()) / span;
            return Math.log(lo.bytes()) + at * (Math.log(hi.bytes()) - Math.log(lo.bytes()));
        }
        return Double.NaN;
    }
}
