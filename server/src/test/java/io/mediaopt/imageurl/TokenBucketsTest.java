package io.mediaopt.imageurl;

import io.mediaopt.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each client's token bucket of the image URL route, and the renders one source host may have in flight. */
class TokenBucketsTest {
    final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:00Z"));

    @Test
    void theBurstPassesTheNextWaitsForItsRefillAndOtherClientsAreUnaffected() {
        TokenBuckets buckets = new TokenBuckets(0.5, 3, clock);
        for (int i = 0; i < 3; i++) assertThat(buckets.take("203.0.113.7")).as("request %d", i + 1).isZero();
        // one token comes back every 2 s
        assertThat(buckets.take("203.0.113.7")).isEqualTo(2);
        assertThat(buckets.take("198.51.100.1")).as("another address").isZero();

        clock.advance(Duration.ofSeconds(1));
        assertThat(buckets.take("203.0.113.7")).as("half a token").isEqualTo(1);
        clock.advance(Duration.ofSeconds(1));
        assertThat(buckets.take("203.0.113.7")).as("refilled").isZero();
        assertThat(buckets.take("203.0.113.7")).isEqualTo(2);

        clock.advance(Duration.ofHours(1));
        // a long pause fills the bucket to its burst, not beyond
        for (int i = 0; i < 3; i++) assertThat(buckets.take("203.0.113.7")).isZero();
        assertThat(buckets.take("203.0.113.7")).isPositive();
    }

    @Test
    void aHostBeyondItsRendersInFlightIsRefusedWhileOthersRender() throws Exception {
        RenderSlots slots = new RenderSlots(1);
        CountDownLatch inRender = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<String> first = new AtomicReference<>();
        Thread busy = Thread.ofVirtual().start(() -> first.set(slots.run("images.example", () -> {
            inRender.countDown();
            await(release);
            return "first";
        })));
        inRender.await();
        assertThatThrownBy(() -> slots.run("images.example", () -> "second"))
                .isInstanceOfSatisfying(ImageUrlException.class, e -> {
                    assertThat(e.status()).isEqualTo(429);
                    assertThat(e.code()).isEqualTo("rate-limited");
                    assertThat(e.retryAfterSeconds()).isPositive();
                });
        assertThat(slots.run("other.example", () -> "other host")).isEqualTo("other host");
        release.countDown();
        busy.join();
        assertThat(first.get()).isEqualTo("first");
        assertThat(slots.run("images.example", () -> "after")).isEqualTo("after");
        assertThat(RenderSlots.hostOf("https://Images.Example/a.jpg")).isEqualTo("images.example");
        assertThat(RenderSlots.hostOf("s3://library/a.jpg")).isEqualTo("storage");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
