package io.mediaopt.image;

import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;

/**
 * Encodes a picture at the lowest quality whose output still scores the preset's target in
 * SSIMULACRA 2 against the picture itself. A picture of up to {@link #DIRECT_PIXELS} is searched
 * directly. A larger one is searched on a proxy, the whole picture shrunk to about
 * {@link #PROXY_PIXELS} (same content, cheap to encode and score), then encoded at full size at
 * the predicted quality and scored. The proxy misjudges a picture by a few points either way,
 * so the gap measured at that full encode corrects the proxy's target, and the picture is
 * encoded again where the corrected proxy points: lower when it scored well above the target,
 * higher when it missed. The lowest full encode that met the target is kept.
 */
final class QualityFinder {
    /** Up to this many pixels the picture is its own proxy. */
    static final int DIRECT_PIXELS = 400_000;
    /** Size of the proxy: large enough for the metric's six scales to see the content. */
    private static final int PROXY_PIXELS = 200_000;
    private static final int PROXY_TRIALS = 4;
    private static final int DIRECT_TRIALS = 5;
    private static final int FULL_ENCODES = 3;
    /** With the climb after a miss: a picture the proxy badly misjudged costs at most this many. */
    private static final int MAX_FULL_ENCODES = 6;
    private static final int STEP_UP = 4;
    /** A full encode this far above the target is worth one more try lower down. */
    private static final double STEP_DOWN_MARGIN = 2.5;

    interface Saver {
        void save(VipsImage image, Path file, int quality);
    }

    /** The quality used, the output's score, and how many encodes it took. */
    record Found(int quality, double score, int encodes) {}

    private final Vips vips;
    private final Saver saver;
    private final Runnable stopIfExpired;

    QualityFinder(Vips vips, Saver saver, Runnable stopIfExpired) {
        this.vips = vips;
        this.saver = saver;
        this.stopIfExpired = stopIfExpired;
    }

    /** {@code picture} must allow random access (held in memory): it is read many times. */
    Found find(VipsImage picture, Path output, int min, int max, int start, double target) {
        long pixels = (long) picture.width() * picture.height();
        if (pixels <= DIRECT_PIXELS) return searchDirectly(picture, output, min, max, start, target);
        int proxyWidth = proxyWidth(picture, PROXY_PIXELS);
        Path trial = output.resolveSibling("proxy-" + output.getFileName());
        try (VipsImage shrunk = vips.shrinkToWidth(picture, proxyWidth);
             VipsImage proxy = vips.copyMemory(shrunk)) {
            Scores proxyScores = new Scores(proxy, trial);
            return searchFullSize(picture, proxyScores, output, min, max, start, target);
        } finally {
            ImageOptimizer.delete(trial);
        }
    }

    /**
     * The width of a proxy of about {@code proxyPixels}: the whole picture shrunk, but wide
     * enough for the metric's six scales.
     */
    static int proxyWidth(VipsImage picture, int proxyPixels) {
        long pixels = (long) picture.width() * picture.height();
        return (int) Math.max(Ssimulacra2.MIN_SIDE * 8, picture.width() * Math.sqrt((double) proxyPixels / pixels));
    }

    private Found searchFullSize(VipsImage picture, Scores proxy, Path output, int min, int max, int start,
                                 double target) {
        Scores full = new Scores(picture, null);
        Map<Integer, Path> files = new HashMap<>();
        int best = -1;
        double proxyTarget = target;
        int quality = proxy.lowestMeeting(min, max, start, proxyTarget, PROXY_TRIALS);
        int encodes = 0;
        try {
            for (int encode = 1; encode <= FULL_ENCODES; encode++) {
                Path file = output.resolveSibling("q" + quality + "-" + output.getFileName());
                files.put(quality, file);
                double score = full.at(quality, file);
                encodes++;
                if (score >= target && (best < 0 || quality < best)) best = quality;
                boolean wellAbove = score >= target + STEP_DOWN_MARGIN && quality > min;
                if (score >= target && !wellAbove) break;
                if (score < target && quality >= max) {
                    best = quality;
                    break;
                }
                // the proxy was off by this much at this quality: aim it that much higher or lower
                proxyTarget = target + proxy.at(quality, null) - score;
                int next = proxy.lowestMeeting(min, max, quality, proxyTarget, PROXY_TRIALS);
                if (score < target) next = Math.max(next, quality + QualitySearch.PRECISION);
                else next = Math.min(next, quality - QualitySearch.PRECISION);
                next = Math.clamp(next, min, max);
                if (full.has(next) || (best >= 0 && next >= best)) break;
                quality = next;
            }
            // every try missed: climb to the bounds' maximum, which is the best the preset allows
            for (int q = full.highest() + STEP_UP; best < 0 && encodes < MAX_FULL_ENCODES; q += STEP_UP) {
                int step = Math.min(q, max);
                Path file = output.resolveSibling("q" + step + "-" + output.getFileName());
                files.put(step, file);
                encodes++;
                if (full.at(step, file) >= target || step == max) best = step;
            }
            int chosen = best >= 0 ? best : full.highest();
            move(files.remove(chosen), output);
            return new Found(chosen, full.at(chosen, null), proxy.encodes() + encodes);
        } finally {
            files.values().forEach(ImageOptimizer::delete);
        }
    }

    private Found searchDirectly(VipsImage picture, Path output, int min, int max, int start, double target) {
        Map<Integer, Path> files = new HashMap<>();
        Scores scores = new Scores(picture, null);
        try {
            QualitySearch.Outcome outcome = QualitySearch.lowestMeeting(q -> {
                Path file = output.resolveSibling("q" + q + "-" + output.getFileName());
                files.put(q, file);
                return scores.at(q, file);
            }, min, max, start, target, DIRECT_TRIALS);
            int quality = outcome.met() ? outcome.quality() : max;
            if (!files.containsKey(quality)) {
                double score = scores.at(quality, output);
                return new Found(quality, score, outcome.trials() + 1);
            }
            move(files.remove(quality), output);
            return new Found(quality, scores.at(quality, null), outcome.trials());
        } finally {
            files.values().forEach(ImageOptimizer::delete);
        }
    }

    /** Encodes one picture at qualities on demand and remembers each one's score. */
    private final class Scores {
        private final VipsImage picture;
        private final Path scratch;
        private final Map<Integer, Double> byQuality = new HashMap<>();
        private Ssimulacra2.Reference reference;

        Scores(VipsImage picture, Path scratch) {
            this.picture = picture;
            this.scratch = scratch;
        }

        boolean has(int quality) {
            return byQuality.containsKey(quality);
        }

        int encodes() {
            return byQuality.size();
        }

        int highest() {
            return byQuality.keySet().stream().mapToInt(Integer::intValue).max().orElseThrow();
        }

        /** The score at {@code quality}, encoding to {@code file} (or the scratch file) if not known yet. */
        double at(int quality, Path file) {
            Double known = byQuality.get(quality);
            if (known != null) return known;
            if (reference == null) reference = new Ssimulacra2.Reference(vips.srgbPixels(picture).linear());
            double score = encodeAndScore(picture, reference, file == null ? scratch : file, quality);
            byQuality.put(quality, score);
            return score;
        }

        int lowestMeeting(int min, int max, int start, double target, int trials) {
            QualitySearch.Outcome outcome = QualitySearch.lowestMeeting(q -> at(q, null), min, max, start, target,
                    trials + (int) byQuality.keySet().stream().filter(q -> q >= min && q <= max).count());
            return outcome.met() ? outcome.quality() : max;
        }
    }

    /** The reference's scales and XYB planes are made once per picture, not once per trial. */
    private double encodeAndScore(VipsImage picture, Ssimulacra2.Reference reference, Path file, int quality) {
        stopIfExpired.run();
        saver.save(picture, file, quality);
        stopIfExpired.run();
        try (VipsImage decoded = vips.open(file)) {
            SrgbPixels pixels = vips.srgbPixels(decoded);
            if (pixels.width() != picture.width() || pixels.height() != picture.height()) {
                throw new VipsException("score", "the output is " + pixels.width() + "x" + pixels.height()
                        + ", not " + picture.width() + "x" + picture.height());
            }
            return Ssimulacra2.score(reference, pixels.linear());
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
