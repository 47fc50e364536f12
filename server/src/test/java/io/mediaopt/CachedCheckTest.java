package io.mediaopt;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A health check asked often runs once per freshness period, answers and failures alike. */
class CachedCheckTest {

    @Test
    void aFreshAnswerIsReusedAndAStaleOneIsAskedAgain() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CachedCheck<String> fresh = new CachedCheck<>(Duration.ofHours(1), () -> "v" + runs.incrementAndGet());
        assertThat(fresh.call()).isEqualTo("v1");
        assertThat(fresh.call()).isEqualTo("v1");
        assertThat(runs).hasValue(1);

        CachedCheck<String> stale = new CachedCheck<>(Duration.ZERO, () -> "v" + runs.incrementAndGet());
        stale.call();
        Thread.sleep(2);
        assertThat(stale.call()).isEqualTo("v3");
    }

    @Test
    void aFailureIsKeptAsLongAsAnAnswerWouldBe() {
        AtomicInteger runs = new AtomicInteger();
        CachedCheck<String> failing = new CachedCheck<>(Duration.ofHours(1), () -> {
            runs.incrementAndGet();
            throw new IllegalStateException("ffmpeg cannot be started");
        });
        assertThatThrownBy(failing::call).hasMessage("ffmpeg cannot be started");
        assertThatThrownBy(failing::call).hasMessage("ffmpeg cannot be started");
        assertThat(runs).hasValue(1);
    }

    @Test
    void aFailureMetElsewhereReplacesAFreshAnswerUntilItIsStale() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CachedCheck<String> check = new CachedCheck<>(Duration.ofMillis(200), () -> "v" + runs.incrementAndGet());
        assertThat(check.call()).isEqualTo("v1");

        check.failedWith(new IllegalStateException("the bucket cannot be reached"));

        assertThatThrownBy(check::call).hasMessage("the bucket cannot be reached");
        Thread.sleep(250);
        assertThat(check.call()).isEqualTo("v2");
    }

    @Test
    void aRefreshAsksAtOnceAndItsAnswerIsKept() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CachedCheck<String> check = new CachedCheck<>(Duration.ofHours(1), () -> "v" + runs.incrementAndGet());
        assertThat(check.call()).isEqualTo("v1");

        assertThat(check.refresh()).isEqualTo("v2");
        assertThat(check.call()).isEqualTo("v2");
    }
}
