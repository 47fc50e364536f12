package io.mediaopt.image;

import java.util.function.IntToDoubleFunction;

/**
 * Finds the lowest encoder quality whose output scores at least a target, in few trials: the
 * score rises with the quality, so each trial narrows a bracket [highest failing, lowest
 * passing], and the next quality is read off the straight line through the bracket's scores
 * (a jump while only one side is known; the middle of the bracket after the line landed on
 * the same side twice running). It stops once the bracket is {@link #PRECISION}
 * qualities wide, the line puts the answer within {@link #PRECISION} of the lowest passing
 * quality, or the trials run out, and answers the lowest passing quality seen, and where the
 * line put the answer (for a proxy's search, whose answer is only a first guess).
 */
final class QualitySearch {
    /** Qualities this close are not worth another encode: they differ by a percent or two. */
    static final int PRECISION = 2;
    /** How far the first jump goes while every trial so far passed (or failed). */
    private static final int JUMP = 12;
    /** Score points per quality step where WebP, AVIF and JPEG rise slowest (photos, Q 50 to 80). */
    private static final double FLATTEST_SLOPE = 0.4;

    private QualitySearch() {}

    /**
     * The outcome: the lowest passing quality (the highest tried when none passed), its score,
     * how many trials were spent, whether any passed, and {@code estimate}: where the line
     * through the last bracket meets the target (the quality itself when the bracket is closed
     * or one-sided).
     */
    record Outcome(int quality, double score, int trials, boolean met, int estimate) {}

    /**
     * @param scoreAt encodes at a quality and scores the result
     * @param start   the first quality to try (the preset's fixed setting is a good guess)
     */
    static Outcome lowestMeeting(IntToDoubleFunction scoreAt, int min, int max, int start, double target,
                                 int maxTrials) {
        int failing = min - 1;
        double failingScore = Double.NaN;
        int passing = max + 1;
        double passingScore = Double.NaN;
        int quality = Math.clamp(start, min, max);
        int trials = 0;
        // the next quality inside an open bracket, untried because the trials ran out; -1 otherwise
        int untried = -1;
        int sameSide = 0;
        boolean lastPassed = false;
        while (trials < maxTrials) {
            double score = scoreAt.applyAsDouble(quality);
            trials++;
            untried = -1;
            sameSide = trials > 1 && (score >= target) == lastPassed ? sameSide + 1 : 0;
            lastPassed = score >= target;
            if (score >= target) {
                passing = quality;
                passingScore = score;
            } else {
                failing = quality;
                failingScore = score;
            }
            if (passing - failing <= PRECISION || passing == min || failing == max) break;
            boolean bracketed = !Double.isNaN(failingScore) && !Double.isNaN(passingScore);
            // a line that keeps landing on one side (a curve bent away from it) creeps: halve instead
            quality = bracketed && sameSide >= 2 ? (failing + passing) / 2
                    : next(failing, failingScore, passing, passingScore, target, min, max);
            // the line puts the answer next to the lowest pass: another encode would save a percent
            if (bracketed && passing - quality < PRECISION) break;
            if (bracketed) untried = quality;
        }
        boolean met = passing <= max;
        int answer = met ? passing : failing;
        return new Outcome(answer, met ? passingScore : failingScore, trials, met, untried < 0 ? answer : untried);
    }

    /**
     * How far to jump from a score {@code gap} points from the target: at least {@link #JUMP},
     * further when the gap is wide, at the flattest rise encoders show in the middle of their
     * range, so a file far above the target does not spend every trial walking down to it.
     */
    private static int jump(double gap) {
        return Math.max(JUMP, (int) Math.ceil(gap / FLATTEST_SLOPE));
    }

    private static int next(int failing, double failingScore, int passing, double passingScore, double target,
                            int min, int max) {
        int guess;
        if (Double.isNaN(failingScore)) {
            guess = Math.max(min, passing - jump(passingScore - target));
        } else if (Double.isNaN(passingScore)) {
            guess = Math.min(max, failing + jump(target - failingScore));
        } else {
            double slope = (passingScore - failingScore) / (passing - failing);
            guess = slope <= 0 ? (failing + passing) / 2
                    : (int) Math.ceil(failing + (target - failingScore) / slope);
        }
        // stay strictly inside the bracket so every trial narrows it
        return Math.clamp(guess, failing + 1, passing - 1);
    }
}
