package io.mediaopt;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
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
        assertThatThrownBy(check::callRefreshingBehind).hasMessage("the bucket cannot be reached");
        Thread.sleep(250);
        assertThat(check.callRefreshingBehind()).as("a stale failure is asked again first, not behind").isEqualTo("v2");
    }

    @Test
    void aRefreshAsksAtOnceAndItsAnswerIsKept() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CachedCheck<String> check = new CachedCheck<>(Duration.ofHours(1), () -> "v" + runs.incrementAndGet());
        assertThat(check.call()).isEqualTo("v1");

        assertThat(check.refresh()).isEqualTo("v2");
        assertThat(check.call()).isEqualTo("v2");
    }

    @Test
    void aStaleSuccessIsGivenAtOnceWhileItIsAskedAgainBehind() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch secondAsked = new CountDownLatch(1);
        CountDownLatch secondMayAnswer = new CountDownLatch(1);
        CachedCheck<String> check = new CachedCheck<>(Duration.ZERO, () -> {
            int run = runs.incrementAndGet();
            if (run == 2) {
                secondAsked.countDown();
                secondMayAnswer.await();
            }
            return "v" + run;
        });
        assertThat(check.callRefreshingBehind()).as("no answer yet: asked first").isEqualTo("v1");
        Thread.sleep(2);

        // the second look is held until told, yet the caller has its answer: the last one
        assertThat(check.callRefreshingBehind()).isEqualTo("v1");
        secondAsked.await();
        assertThat(check.callRefreshingBehind()).as("one look behind at a time").isEqualTo("v1");
        assertThat(runs).hasValue(2);
        secondMayAnswer.countDown();

        Eventually.until(Duration.ofSeconds(10), "the look behind's answer kept",
                () -> !"v1".equals(check.callRefreshingBehind()));
    }
}
