package io.mediaopt.bench;

import io.mediaopt.bench.EqualQuality.Point;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class EqualQualityTest {
    private static final List<Point> BASELINE = List.of(new Point(1000, 0.90), new Point(4000, 0.98));

    @Test
    void bytesAtEqualQualityAreReadOffTheBaselineInLogBytes() {
        // halfway in score is halfway in log bytes: 2000, so 2200 bytes are 10 % more
        assertThat(EqualQuality.ratios(BASELINE, List.of(new Point(2200, 0.94))))
                .singleElement().satisfies(r -> assertThat(r).isCloseTo(1.10, within(1e-9)));
    }

    @Test
    void aScoreOutsideTheBaselinesRangeIsLeftOutRatherThanExtrapolated() {
        assertThat(EqualQuality.ratios(BASELINE, List.of(new Point(900, 0.85), new Point(5000, 0.99)))).isEmpty();
        assertThat(EqualQuality.medianRatio(BASELINE, List.of(new Point(900, 0.85)))).isNaN();
    }

    @Test
    void aBaselineWhoseScoreFallsAsItsBytesRiseGivesNoReading() {
        List<Point> grain = List.of(new Point(1000, 0.935), new Point(2000, 0.933), new Point(3000, 0.932));
        assertThat(EqualQuality.ratios(grain, List.of(new Point(1500, 0.934)))).isEmpty();
    }

    @Test
    void theMedianIsTakenOverEveryPointWithinRange() {
        List<Point> candidate = List.of(new Point(1000, 0.90), new Point(2200, 0.94), new Point(4400, 0.98));
        assertThat(EqualQuality.medianRatio(BASELINE, candidate)).isCloseTo(1.10, within(1e-9));
    }
}
