package io.mediaopt.image;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;

import static org.assertj.core.api.Assertions.assertThat;

class QualitySearchTest {
    /** A score curve like an encoder's: rising with quality, flattening near the top. */
    private static final IntToDoubleFunction CURVE = q -> 100 - 60 * Math.exp(-q / 30.0);

    @Test
    void findsTheLowestQualityMeetingTheTargetWithinItsPrecision() {
        List<Integer> tried = new ArrayList<>();
        QualitySearch.Outcome outcome = QualitySearch.lowestMeeting(q -> {
            tried.add(q);
            return CURVE.applyAsDouble(q);
        }, 30, 95, 80, 80, 6);
        int exact = 34; // 100 - 60 e^(-q/30) >= 80 from q = 32.96 on
        assertThat(outcome.met()).isTrue();
        assertThat(outcome.quality()).isBetween(exact - 1, exact + QualitySearch.PRECISION);
        assertThat(outcome.score()).isGreaterThanOrEqualTo(80);
        assertThat(tried).hasSizeLessThanOrEqualTo(6).doesNotHaveDuplicates();
    }

    @Test
    void stopsAtTheMinimumWhenEvenThatPasses() {
        QualitySearch.Outcome outcome = QualitySearch.lowestMeeting(q -> 99, 30, 95, 80, 80, 6);
        assertThat(outcome.quality()).isEqualTo(30);
        assertThat(outcome.met()).isTrue();
    }

    @Test
    void reportsAMissWhenEvenTheMaximumFails() {
        QualitySearch.Outcome outcome = QualitySearch.lowestMeeting(q -> q / 2.0, 30, 95, 80, 80, 6);
        assertThat(outcome.met()).isFalse();
        assertThat(outcome.quality()).isEqualTo(95);
    }

    @Test
    void spendsNoMoreThanItsTrials() {
        List<Integer> tried = new ArrayList<>();
        QualitySearch.lowestMeeting(q -> {
            tried.add(q);
            return q;
        }, 1, 100, 50, 77.5, 3);
        assertThat(tried).hasSize(3);
    }

    @Test
    void aScoreFarAboveTheTargetJumpsFarDown() {
        // 25 points above the target at the start; a fixed jump of 12 would need six trials
        QualitySearch.Outcome outcome = QualitySearch.lowestMeeting(q -> 30 + 0.5 * q, 30, 95, 90, 50, 4);
        assertThat(outcome.met()).isTrue();
        assertThat(outcome.quality()).isEqualTo(40);
    }

    @Test
    void stopsWhenTheLinePutsTheAnswerNextToTheLowestPass() {
        List<Integer> tried = new ArrayList<>();
        // a straight rise: after a miss at 40 and a pass at 60 the line says 57 exactly
        QualitySearch.Outcome outcome = QualitySearch.lowestMeeting(q -> {
            tried.add(q);
            return 0.5 * q + 41.5;
        }, 30, 95, 60, 70, 6);
        assertThat(outcome.quality()).isEqualTo(57);
        assertThat(tried).containsExactly(60, 48, 57);
    }

    @Test
    void halvesTheBracketWhenTheLineKeepsLandingOnOneSide() {
        // a score that jumps late, as WebP's does on some pictures: the line creeps up from below
        IntToDoubleFunction steps = q -> q < 76 ? 60 + q / 8.0 : 76;
        List<Integer> tried = new ArrayList<>();
        QualitySearch.Outcome outcome = QualitySearch.lowestMeeting(q -> {
            tried.add(q);
            return steps.applyAsDouble(q);
        }, 30, 95, 80, 70, 5);
        assertThat(outcome.met()).isTrue();
        assertThat(outcome.quality()).as("tried %s", tried).isLessThan(80);
    }

    @Test
    void estimatesWhereTheLineCrossesWhenTheTrialsRunOut() {
        QualitySearch.Outcome outcome = QualitySearch.lowestMeeting(q -> q, 1, 100, 50, 77.5, 2);
        // 50 fails, the jump to 100 passes: the line through both crosses 77.5 at 78
        assertThat(outcome.quality()).isEqualTo(100);
        assertThat(outcome.estimate()).isEqualTo(78);
    }
}
