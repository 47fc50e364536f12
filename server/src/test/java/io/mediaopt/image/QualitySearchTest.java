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
}
