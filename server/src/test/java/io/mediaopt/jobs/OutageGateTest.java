package io.mediaopt.jobs;

import io.mediaopt.database.JobStoreException;

import io.mediaopt.storage.StorageException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Workers take no job while a dependency is out, ask it again now and then, and resume once it answers. */
class OutageGateTest {
    private final AtomicBoolean down = new AtomicBoolean(true);
    private final AtomicInteger probes = new AtomicInteger();
    private final OutageGate gate = new OutageGate(() -> {
        probes.incrementAndGet();
        if (down.get()) throw new IOException("Connection refused");
    });

    @Test
    void anOutageClosesTheGateUntilTheDependenciesAnswerAndItOpensWithinTheLongestPauseAfter() throws Exception {
        assertThat(gate.open()).isTrue();
        gate.close(new JobStoreException("Job database query failed", new SQLTransientConnectionException("refused")));

        // a dispatcher polls often; the dependencies are asked only after growing pauses (0.25 s, 0.5 s, 1 s)
        long pollUntil = System.nanoTime() + Duration.ofMillis(1500).toNanos();
        while (System.nanoTime() < pollUntil) {
            assertThat(gate.open()).isFalse();
            Thread.sleep(10);
        }
        assertThat(probes.get()).isBetween(1, 2);

        down.set(false);
        long recovered = System.nanoTime();
        while (!gate.open()) Thread.sleep(10);
        assertThat(Duration.ofNanos(System.nanoTime() - recovered)).isLessThanOrEqualTo(OutageGate.LONGEST_PAUSE);
        int asked = probes.get();
        assertThat(gate.open()).isTrue();
        assertThat(probes).as("an open gate asks nothing").hasValue(asked);
    }

    @Test
    void onlyAnOutageClosesIt() {
        assertThat(gate.closeIfOutage(new JobStoreException("syntax", new SQLException("syntax error", "42601"))))
                .isFalse();
        assertThat(gate.closeIfOutage(new StorageException("denied",
                new IOException("Permission denied")))).isFalse();
        assertThat(gate.closeIfOutage(new IllegalStateException("a bug"))).isFalse();
        assertThat(gate.open()).isTrue();

        assertThat(gate.closeIfOutage(new StorageException("cannot store", new IOException("No space left on device"))))
                .isTrue();
        assertThat(gate.open()).isFalse();
        assertThat(probes).hasValue(0);
    }

    @Test
    void aGateThatOpenedAgainSaysSoOnceToTheNextWhoAsks() throws Exception {
        assertThat(gate.reopenedSinceAsked()).as("never closed").isFalse();
        gate.close(new StorageException("The file could not be deleted", new IOException("Connection refused")));
        down.set(false);
        while (!gate.open()) Thread.sleep(10);
        assertThat(gate.reopenedSinceAsked()).isTrue();
        assertThat(gate.reopenedSinceAsked()).as("said once").isFalse();
        assertThat(gate.open()).isTrue();
        assertThat(gate.reopenedSinceAsked()).as("open all along since").isFalse();
    }
}
