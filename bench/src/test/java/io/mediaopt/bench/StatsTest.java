package io.mediaopt.bench;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StatsTest {

    @Test
    void oddCountTakesTheMiddleValue() {
        Stats stats = Stats.of(List.of(3.0, 1.0, 2.0));
        assertThat(stats.median()).isEqualTo(2.0);
        assertThat(stats.min()).isEqualTo(1.0);
        assertThat(stats.max()).isEqualTo(3.0);
        assertThat(stats.count()).isEqualTo(3);
    }

    @Test
    void evenCountAveragesTheTwoMiddleValues() {
        assertThat(Stats.of(List.of(4.0, 1.0, 3.0, 2.0)).median()).isEqualTo(2.5);
    }

    @Test
    void p95IsTheNearestRank() {
        List<Double> hundred = new ArrayList<>();
        for (int i = 1; i <= 100; i++) hundred.add((double) i);
        assertThat(Stats.of(hundred).p95()).isEqualTo(95.0);
        // 20 samples: rank ceil(0.95 * 20) = 19
        assertThat(Stats.of(hundred.subList(0, 20)).p95()).isEqualTo(19.0);
        // few samples: the largest
        assertThat(Stats.of(List.of(1.0, 5.0, 2.0)).p95()).isEqualTo(5.0);
    }

    @Test
    void oneSampleIsEveryFigure() {
        Stats stats = Stats.of(List.of(7.0));
        assertThat(List.of(stats.min(), stats.median(), stats.p95(), stats.max())).containsOnly(7.0);
    }

    @Test
    void noSamplesIsAnError() {
        assertThatThrownBy(() -> Stats.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
