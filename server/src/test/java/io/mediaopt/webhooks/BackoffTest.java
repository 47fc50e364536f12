package io.mediaopt.webhooks;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class BackoffTest {
    final Backoff backoff = new Backoff(Duration.ofSeconds(1), Duration.ofHours(24), new SplittableRandom(7));

    @Test
    void doublesFromTheBaseWithJitterInTheUpperHalfUpToAnHour() {
        for (int attempts = 1; attempts <= 60; attempts++) {
            long full = Math.min(1000L << Math.min(attempts - 1, 40), Duration.ofHours(1).toMillis());
            long delay = backoff.nextAttemptAt(attempts, 0, 1000) - 1000;
            assertThat(delay).as("after attempt " + attempts).isBetween(full / 2, full);
        }
    }

    @Test
    void givesUpOnceTheNextAttemptWouldFallPastTheWindow() {
        long dayLater = Duration.ofHours(24).toMillis();
        assertThat(backoff.nextAttemptAt(3, 0, dayLater - 10_000)).isPositive();
        assertThat(backoff.nextAttemptAt(3, 0, dayLater)).isEqualTo(-1);
        assertThat(backoff.nextAttemptAt(40, 0, dayLater - 1000)).isEqualTo(-1);
    }

    @Test
    void jitterSpreadsDeliveriesThatFailedTogether() {
        long first = backoff.nextAttemptAt(10, 0, 0);
        boolean differs = false;
        for (int i = 0; i < 10 && !differs; i++) differs = backoff.nextAttemptAt(10, 0, 0) != first;
        assertThat(differs).isTrue();
    }
}
