package io.mediaopt.image;

import io.mediaopt.image.vips.SrgbPixels;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsException;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Encodes a picture at the lowest quality whose output still scores the preset's target in
 * SSIMULACRA 2 against the picture itself. A picture of up to {@link #DIRECT_PIXELS} is searched
 * directly. A larger one is searched on a proxy, the whole picture shrunk to about
 * {@link #PROXY_PIXELS} (same content, cheap to encode and score), for a point above the target;
 * the picture is encoded at full size where that search put the answer (where its last
 * bracket's line crosses, when its trials ran out first) and scored. A full encode that passes
 * by less than {@link #STEP_DOWN_MARGIN} ends the search. The proxy misjudges a picture by a few
 * points either way, so one that missed, or passed by more, is followed by another: after the
 * first, where the proxy's scores moved by the gap measured at full size put the target; after
 * two, on the line through the full-size scores themselves. Each correction aims a little above
 * the target, since a miss by a tenth costs a whole full-size encode. The lowest full encode
 * that met the target is kept.
 */
final class QualityFinder {
    /** Up to this many pixels the picture is its own proxy. */
    static final int DIRECT_PIXELS = 400_000;
    /** Size of the proxy: large enough for the metric's six scales to see the content. */
    private static final int PROXY_PIXELS = 200_000;
    private static final int PROXY_TRIALS = 4;
    /** New proxy encodes a correction may spend: it starts from the proxy's scores so far. */
    private static final int PROXY_CORRECTION_TRIALS = 2;
    private static final int DIRECT_TRIALS = 5;
    private static final int FULL_ENCODES = 3;
    /** With the climb after a miss: a picture the proxy badly misjudged costs at most this many. */
    private static final int MAX_FULL_ENCODES = 6;
    private static final int STEP_UP = 4;
    /** A full encode this far above the target is worth one more try lower down. */
    private static final double STEP_DOWN_MARGIN = 2.5;
    /**
     * Score points the proxy's search aims above the target: the proxy mostly scores a picture
     * a point or three better than its full size does, and a first full encode that passes
     * saves a second.
     */
    private static final double FIRST_AIM = 1.0;
    /** Score points a correction aims above the target: less than a quality step. */
    private static final double AIM = 0.3;
    /**
     * Slope a line through two full-size scores is taken at, at least: close qualities can
     * score alike or even lower (noise); the flattest real rise seen is ~0.35 points a step.
     */
    private static final double MIN_SLOPE = 0.15;

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
        try {
            OptionalInt next = OptionalInt.of(proxy.estimate(min, max, start, target + FIRST_AIM, PROXY_TRIALS));
            while (next.isPresent()) {
                full.at(next.getAsInt(), trialFile(output, next.getAsInt(), files));
                next = full.encodes() < FULL_ENCODES ? nextFullSize(full, proxy, min, max, target) : OptionalInt.empty();
            }
            // every try missed: climb to the bounds' maximum, which is the best the preset allows
            for (int q = full.highest() + STEP_UP; full.lowestPassing(target) < 0 && full.encodes() < MAX_FULL_ENCODES
                    && full.highest() < max; q += STEP_UP) {
                int step = Math.min(q, max);
                full.at(step, trialFile(output, step, files));
            }
            int passing = full.lowestPassing(target);
            int chosen = passing >= 0 ? passing : full.highest();
            move(files.remove(chosen), output);
            return new Found(chosen, full.at(chosen, null), proxy.encodes() + full.encodes());
        } finally {
            files.values().forEach(ImageOptimizer::delete);
        }
    }

    private static Path trialFile(Path output, int quality, Map<Integer, Path> files) {
        return files.computeIfAbsent(quality, q -> output.resolveSibling("q" + q + "-" + output.getFileName()));
    }

    /**
     * The next full-size quality to try, or none when the lowest pass is close enough (less than
     * {@link #STEP_DOWN_MARGIN} above the target, or within {@link QualitySearch#PRECISION} of
     * a miss below it or of where the line through the two puts the target) or when the bounds
     * leave nothing to try.
     */
    private OptionalInt nextFullSize(Scores full, Scores proxy, int min, int max, double target) {
        int passing = full.lowestPassing(target);
        int failing = full.highestFailingBelow(passing < 0 ? max + 1 : passing, target);
        if (passing >= 0 && full.at(passing, null) < target + STEP_DOWN_MARGIN) return OptionalInt.empty();
        int next;
        if (passing >= 0 && failing >= 0) {
            if (passing - failing <= QualitySearch.PRECISION) return OptionalInt.empty();
            next = full.secant(failing, passing, target + AIM);
            if (passing - next < QualitySearch.PRECISION) return OptionalInt.empty();
            next = Math.clamp(next, failing + 1, passing - 1);
        } else if (passing >= 0) {
            if (passing <= min) return OptionalInt.empty();
            next = Math.min(corrected(full, proxy, passing, min, max, target), passing - QualitySearch.PRECISION);
        } else {
            if (failing >= max) return OptionalInt.empty();
            next = Math.max(corrected(full, proxy, failing, min, max, target), failing + 1);
        }
        next = Math.clamp(next, min, max);
        return full.has(next) ? OptionalInt.empty() : OptionalInt.of(next);
    }

    /**
     * Where the target lies from a full-size score at {@code quality}, all on one side of it:
     * with another full-size score on that side, on the line through the two; with this one
     * alone, on the proxy's scores moved by the gap between the two sizes at this quality.
     */
    private int corrected(Scores full, Scores proxy, int quality, int min, int max, double target) {
        int other = full.nearestOnSameSide(quality, target);
        if (other >= 0) return full.secant(other, quality, target + AIM);
        double gap = proxy.at(quality, null) - full.at(quality, null);
        return proxy.estimate(min, max, quality, target + AIM + gap, PROXY_CORRECTION_TRIALS);
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
            if (reference == null) reference = new Ssimulacra2.Reference(vips.measure().srgbPixels(picture).linear());
            double score = encodeAndScore(picture, reference, file == null ? scratch : file, quality);
            byQuality.put(quality, score);
            return score;
        }

        /**
         * Where a search of up to {@code trials} new encodes puts the lowest quality meeting
         * {@code target} (qualities scored already are free): the lowest passing one, or where
         * the line through the last bracket crosses the target when the trials ran out first.
         */
        int estimate(int min, int max, int start, double target, int trials) {
            QualitySearch.Outcome outcome = QualitySearch.lowestMeeting(q -> at(q, null), min, max, start, target,
                    trials + (int) byQuality.keySet().stream().filter(q -> q >= min && q <= max).count());
            return outcome.met() ? outcome.estimate() : max;
        }

        /** The lowest quality scored that meets {@code target}, or -1. */
        int lowestPassing(double target) {
            return byQuality.entrySet().stream().filter(e -> e.getValue() >= target).mapToInt(e -> e.getKey())
                    .min().orElse(-1);
        }

        /** The highest quality under {@code below} that missed {@code target}, or -1. */
        int highestFailingBelow(int below, double target) {
            return byQuality.entrySet().stream().filter(e -> e.getKey() < below && e.getValue() < target)
                    .mapToInt(e -> e.getKey()).max().orElse(-1);
        }

        /** The scored quality nearest {@code quality} on the same side of {@code target}, or -1. */
        int nearestOnSameSide(int quality, double target) {
            boolean passes = at(quality, null) >= target;
            return byQuality.entrySet().stream()
                    .filter(e -> e.getKey() != quality && (e.getValue() >= target) == passes)
                    .mapToInt(e -> e.getKey()).boxed()
                    .min(Comparator.comparingInt(q -> Math.abs(q - quality))).orElse(-1);
        }

        /**
         * Where the line through the scores at qualities {@code a} and {@code b} reaches
         * {@code score}, to the nearest quality (the aim above the target is the margin), at a
         * slope of at least {@link #MIN_SLOPE}.
         */
        int secant(int a, int b, double score) {
            double slope = Math.max((at(b, null) - at(a, null)) / (b - a), MIN_SLOPE);
            return (int) Math.round(b + (score - at(b, null)) / slope);
        }
    }

    /** The reference's scales and XYB planes are made once per picture, not once per trial. */
    private double encodeAndScore(VipsImage picture, Ssimulacra2.Reference reference, Path file, int quality) {
        stopIfExpired.run();
        saver.save(picture, file, quality);
        stopIfExpired.run();
        try (VipsImage decoded = vips.open(file)) {
            SrgbPixels pixels = vips.measure().srgbPixels(decoded);
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
