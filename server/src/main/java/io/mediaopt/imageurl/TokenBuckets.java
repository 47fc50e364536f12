package io.mediaopt.imageurl;

import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A token bucket per client (an address, or an API key): {@code perSecond} tokens a second up to
 * {@code burst}, one taken by each request. The map is concurrent and each bucket locks only
 * itself, so clients never wait for each other; buckets that have filled up again are forgotten
 * once there are many.
 */
final class TokenBuckets {
    /** How many clients are remembered before the full buckets are dropped. */
    private static final int REMEMBERED = 50_000;

    private final double perSecond;
    private final int burst;
    private final Clock clock;
    private final ConcurrentMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    TokenBuckets(double perSecond, int burst, Clock clock) {
        this.perSecond = perSecond;
        this.burst = burst;
        this.clock = clock;
    }

    /** The client of a request that presents the API key named {@code name}. */
    static String keyClient(String name) {
        return "key " + name;
    }

    /** The client of a request that presents no API key, by its address. */
    static String addressClient(String address) {
        return "address " + address;
    }

    /** Takes a token of {@code client}'s bucket: 0 when taken, else the whole seconds until one is there. */
    long take(String client) {
        if (buckets.size() >= REMEMBERED) forgetFull();
        Bucket bucket = buckets.computeIfAbsent(client, c -> new Bucket(burst, clock.millis()));
        synchronized (bucket) {
            bucket.refill(clock.millis());
            if (bucket.tokens >= 1) {
                bucket.tokens -= 1;
                return 0;
            }
            return Math.max(1, (long) Math.ceil((1 - bucket.tokens) / perSecond));
        }
    }

    private void forgetFull() {
        long now = clock.millis();
        buckets.values().removeIf(bucket -> {
            synchronized (bucket) {
                bucket.refill(now);
                return bucket.tokens >= burst;
            }
        });
    }

    private final class Bucket {
        double tokens;
        long refilledAt;

        Bucket(double tokens, long refilledAt) {
            this.tokens = tokens;
            this.refilledAt = refilledAt;
        }

        void refill(long now) {
            if (now <= refilledAt) return;
            tokens = Math.min(burst, tokens + (now - refilledAt) * perSecond / 1000.0);
            refilledAt = now;
        }
    }
}
