package io.mediaopt.image;

import io.mediaopt.image.vips.Chroma;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

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
 * A picture's quality per file: the preset's own, raised where it fails, in the colour its edges
 * need ({@link PictureTraits#chroma()}). A picture with a quarter of dark blocks or more
 * ({@link PictureTraits#atRisk()}), where WebP and AVIF melt detail into blocks at the quality
 * that serves other pictures, is encoded at the preset's quality and scored at full size
 * (SSIMULACRA 2 against the picture, its reference computed once); while it misses the preset's
 * target it is encoded again, at most {@link #STEP} qualities higher each time and {@link #RAISE}
 * above the preset's quality in all. Any other picture gets the preset's quality, unscored, as the
 * fixed setting gives it. No picture goes below the preset's quality: every picture of the judged
 * corpus that a search for the lowest quality meeting the target lowered, a second judge
 * (butteraugli) rated worse than the preset's quality (docs/quality.md, "Where the
 * judges disagree").
 */
final class CheckedQuality {
    /** Qualities a picture may go above the preset's: what the corpus's failures needed at most. */
    static final int RAISE = 10;
    /** Largest step of one raise: larger ones overshot, as scores jump unevenly on dark pictures. */
    static final int STEP = 5;
    /** Score points a raise aims above the target. */
    private static final double AIM = 0.5;
    /** Slope a line through two scores is taken at, at least (close qualities can score alike). */
    private static final double MIN_SLOPE = 0.15;

    interface Saver {
        void save(VipsImage image, Path file, int quality, Chroma chroma);
    }

    /**
     * The quality used, the output's score ({@code null} when it was not scored), how many encodes
     * it took, and how the colour was kept.
     */
    record Found(int quality, Double score, int encodes, Chroma chroma) {}

    private final Vips vips;
    private final Saver saver;
    private final Runnable stopIfExpired;

    CheckedQuality(Vips vips, Saver saver, Runnable stopIfExpired) {
        this.vips = vips;
        this.saver = saver;
        this.stopIfExpired = stopIfExpired;
    }

    /** {@code picture} must be held in memory: it is read more than once. */
    Found find(VipsImage picture, Strategy strategy, ImageQuality search, int fixed, Path output) {
        ImageQuality.Bounds bounds = search.bounds(strategy);
        int start = Math.clamp(fixed, bounds.min(), bounds.max());
        PictureTraits traits = PictureTraits.of(vips, picture);
        Chroma chroma = traits.chroma();
        if (!traits.atRisk()) {
            stopIfExpired.run();
            saver.save(picture, output, start, chroma);
            return new Found(start, null, 1, chroma);
        }
        Ssimulacra2.Reference reference = new Ssimulacra2.Reference(vips.measure().srgbPixels(picture).linear());
        return raise(picture, reference, output, start, Math.min(bounds.max(), start + RAISE),
                typicalSlope(strategy), search.targetScore(), chroma);
    }

    /**
     * Encodes at {@code start} and raises a miss toward {@code target}, up to {@code top}; the
     * lowest encode that met the target is kept, or the highest when none did.
     */
    Found raise(VipsImage picture, Ssimulacra2.Reference reference, Path output, int start, int top, double slope,
                double target, Chroma chroma) {
        NavigableMap<Integer, Double> scores = new TreeMap<>();
        try {
            double score = encode(picture, reference, output, start, chroma, scores);
            while (score < target && scores.lastKey() < top) {
                int highest = scores.lastKey();
                double steps = Math.ceil((target + AIM - score) / slope(scores, slope));
                score = encode(picture, reference, output, Math.min(top, highest + (int) Math.clamp(steps, 1, STEP)),
                        chroma, scores);
            }
            int chosen = scores.entrySet().stream().filter(e -> e.getValue() >= target).mapToInt(e -> e.getKey())
                    .min().orElse(scores.lastKey());
            move(trial(output, chosen), output);
            return new Found(chosen, scores.get(chosen), scores.size(), chroma);
        } finally {
            scores.keySet().forEach(q -> WorkFiles.delete(trial(output, q)));
        }
    }

    /**
     * Score points one quality step typically adds above the presets' qualities: the median over
     * the checked training pictures of the quality corpus between the preset's quality and 5
     * above (bench/quality-rule.sh). JPEG is taken as WebP.
     */
    static double typicalSlope(Strategy strategy) {
        return strategy == Strategy.IMAGE_AVIF ? 0.40 : 0.64;
    }

    /** The slope through the two highest qualities scored, or the typical one with one. */
    private static double slope(NavigableMap<Integer, Double> scores, double typical) {
        if (scores.size() < 2) return typical;
        int b = scores.lastKey();
        int a = scores.lowerKey(b);
        return Math.max((scores.get(b) - scores.get(a)) / (b - a), MIN_SLOPE);
    }

    private double encode(VipsImage picture, Ssimulacra2.Reference reference, Path output, int quality,
                          Chroma chroma, NavigableMap<Integer, Double> scores) {
        Path file = trial(output, quality);
        stopIfExpired.run();
        saver.save(picture, file, quality, chroma);
        stopIfExpired.run();
        double score = score(vips, reference, file);
        scores.put(quality, score);
        return score;
    }

    /** SSIMULACRA 2 of the encoded {@code file} against the picture {@code reference} was made from. */
    static double score(Vips vips, Ssimulacra2.Reference reference, Path file) {
        try (VipsImage decoded = vips.open(file)) {
            return Ssimulacra2.score(reference, vips.measure().srgbPixels(decoded).linear());
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
