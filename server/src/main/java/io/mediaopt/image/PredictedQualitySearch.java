package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.image.vips.SrgbPixels;

import io.mediaopt.media.ImageQuality;
import io.mediaopt.media.Strategy;
import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Picks a picture's quality by prediction, then checks it: {@link QualityModel} reads the quality
 * that meets the target off the picture's features, one full-size encode at that quality is
 * scored against the picture (its reference computed once, from the pixels the features were
 * measured on), and only a miss is encoded again, a bounded step toward the target. A first
 * encode far above the target gets one try lower down (and one between, if that one missed).
 * The content floor of {@link PictureTraits} holds: a picture SSIMULACRA 2 misjudges never goes
 * below the preset's fixed quality. A format the model has no coefficients for is searched by
 * {@link QualityFinder}.
 */
final class PredictedQualitySearch {
    /** Quality steps the first encode aims above the prediction: a miss costs a second encode. */
    static final double AIM_STEPS = 2;
    /** Score points a correction aims above the target. */
    private static final double AIM = 0.5;
    /** A first encode this far above the target is worth one try lower down. */
    static final double STEP_DOWN_MARGIN = 3;
    /** Largest step a correction takes, in qualities: the model's slope is a typical one. */
    private static final int MAX_STEP = 15;
    /** Encodes a picture may cost at most, the output included. */
    static final int MAX_ENCODES = 5;
    /** Slope a line through two scores is taken at, at least (close qualities can score alike). */
    private static final double MIN_SLOPE = 0.15;

    private final Vips vips;
    private final QualityFinder.Saver saver;
    private final Runnable stopIfExpired;
    private final QualityModel model;

    PredictedQualitySearch(Vips vips, QualityFinder.Saver saver, Runnable stopIfExpired, QualityModel model) {
        this.vips = vips;
        this.saver = saver;
        this.stopIfExpired = stopIfExpired;
        this.model = model;
    }

    /** {@code picture} must be held in memory. */
    QualityFinder.Found find(VipsImage picture, Strategy strategy, ImageQuality search, int fixed, Path output) {
        ImageQuality.Bounds bounds = search.bounds(strategy);
        SrgbPixels pixels = vips.measure().srgbPixels(picture);
        PictureTraits traits = PictureTraits.of(pixels);
        int lowest = traits.lowestQuality(bounds.min(), bounds.max(), fixed);
        if (!model.fits(strategy)) {
            return new QualityFinder(vips, saver, stopIfExpired).find(picture, output, lowest, bounds.max(), fixed,
                    search.targetScore());
        }
        QualityModel.Prediction prediction =
                model.predict(strategy, PictureFeatures.of(pixels, traits), search.targetScore()).orElseThrow();
        return verify(picture, pixels, output, lowest, bounds.max(), prediction, search.targetScore());
    }

    /**
     * Encodes at the predicted quality and corrects a miss; the lowest passing encode is kept.
     */
    QualityFinder.Found verify(VipsImage picture, SrgbPixels pixels, Path output, int min, int max,
                               QualityModel.Prediction prediction, double target) {
        Ssimulacra2.Reference reference = new Ssimulacra2.Reference(pixels.linear());
        NavigableMap<Integer, Double> scores = new TreeMap<>();
        try {
            int q = Math.clamp(Math.round(prediction.quality() + AIM_STEPS), min, max);
            double score = encode(picture, reference, output, q, scores);
            if (score >= target + STEP_DOWN_MARGIN && q > min) {
                int lower = Math.max(q - steps(score - target - AIM, prediction.slope()), min);
                double lowerScore = lower < q - 1 ? encode(picture, reference, output, lower, scores) : target;
                if (lowerScore < target && q - lower > QualitySearch.PRECISION) {
                    // the step went too far: once more, where the line through the two crosses
                    double slope = Math.max((score - lowerScore) / (q - lower), MIN_SLOPE);
                    int between = lower + (int) Math.ceil((target + AIM - lowerScore) / slope);
                    encode(picture, reference, output, Math.clamp(between, lower + 1, q - 1), scores);
                }
            }
            while (lowestPassing(scores, target) < 0 && scores.lastKey() < max && scores.size() < MAX_ENCODES) {
                int highest = scores.lastKey();
                double slope = slope(scores, prediction.slope());
                int next = Math.min(max, highest + Math.max(1, steps(target + AIM - scores.get(highest), slope)));
                // the last encode allowed goes to the top, so the target is met whenever the format can meet it
                if (scores.size() == MAX_ENCODES - 1) next = max;
                encode(picture, reference, output, next, scores);
            }
            int passing = lowestPassing(scores, target);
            int chosen = passing >= 0 ? passing : scores.lastKey();
            move(trial(output, chosen), output);
            return new QualityFinder.Found(chosen, scores.get(chosen), scores.size());
        } finally {
            scores.keySet().forEach(q -> ImageOptimizer.delete(trial(output, q)));
        }
    }

    /** Quality steps that move the score by {@code gap} at {@code slope} points a step, at most {@link #MAX_STEP}. */
    private static int steps(double gap, double slope) {
        return (int) Math.min(MAX_STEP, Math.ceil(gap / slope));
    }

    /** The slope through the two highest qualities scored, or the model's with one. */
    private static double slope(NavigableMap<Integer, Double> scores, double typical) {
        if (scores.size() < 2) return typical;
        int b = scores.lastKey();
        int a = scores.lowerKey(b);
        return Math.max((scores.get(b) - scores.get(a)) / (b - a), MIN_SLOPE);
    }

    private static int lowestPassing(NavigableMap<Integer, Double> scores, double target) {
        return scores.entrySet().stream().filter(e -> e.getValue() >= target).mapToInt(e -> e.getKey())
                .min().orElse(-1);
    }

    private double encode(VipsImage picture, Ssimulacra2.Reference reference, Path output, int quality,
                          NavigableMap<Integer, Double> scores) {
        Path file = trial(output, quality);
        stopIfExpired.run();
        saver.save(picture, file, quality);
        stopIfExpired.run();
        try (VipsImage decoded = vips.open(file)) {
            double score = Ssimulacra2.score(reference, vips.measure().srgbPixels(decoded).linear());
            scores.put(quality, score);
            return score;
        }
    }

    private static Path trial(Path output, int quality) {
        return output.resolveSibling("q" + quality + "-" + output.getFileName());
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
