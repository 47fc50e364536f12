package io.mediaopt.health;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** /api/health reports within its bound whatever a dependency does, and names the one that is down. */
class HealthChecksTest {
    /** The bound /api/health promises, of which the checks' own timeout is a part. */
    private static final Duration PROMISED = Duration.ofSeconds(2);

    @Test
    void aCheckThatHangsCountsAsFailedAndTheReportStillComesWithinTheBound() throws Exception {
        CountDownLatch released = new CountDownLatch(1);
        AtomicInteger hangs = new AtomicInteger();
        Map<String, Callable<String>> checks = new LinkedHashMap<>();
        checks.put("ffmpeg", () -> "7.1");
        checks.put("database", () -> {
            throw new IllegalStateException("Job database does not answer");
        });
        checks.put("storage", () -> {
            hangs.incrementAndGet();
            released.await();
            return "s3";
        });
        HealthChecks health = new HealthChecks(checks);
        try {
            for (int poll = 0; poll < 3; poll++) {
                long started = System.nanoTime();
                HealthChecks.Report report = health.run();
                assertThat(Duration.ofNanos(System.nanoTime() - started)).as("poll %d", poll).isLessThan(PROMISED);

                assertThat(report.status()).isEqualTo("degraded");
                assertThat(report.checks().get("ffmpeg")).isEqualTo(new HealthChecks.Check("ok", "7.1", null));
                assertThat(report.checks().get("database"))
                        .isEqualTo(new HealthChecks.Check("failed", null, "Job database does not answer"));
                assertThat(report.checks().get("storage"))
                        .isEqualTo(new HealthChecks.Check("failed", null, "no answer within 1500 ms"));
            }
            // later polls wait for the one that hangs rather than start the check again
            assertThat(hangs).hasValue(1);
        } finally {
            released.countDown();
        }
    }
}
