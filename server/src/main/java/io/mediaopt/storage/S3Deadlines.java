package io.mediaopt.storage;

import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * How long one S3 call may take, so that a service which accepts connections and then stops
 * answering (a hung server, a network partition) fails a call in seconds rather than holding it
 * for the socket timeout on every retry, or for ever while a body is being written.
 */
final class S3Deadlines {
    /** A look at the bucket: under the health report's own bound, so an unreachable bucket is named, not just late. */
    static final Duration CHECK = Duration.ofMillis(1200);
    /**
     * A look at the bucket until one has been answered: the first loads the SDK's request pipeline
     * and opens the first connection, which on a busy machine alone can take longer than {@link #CHECK}.
     */
    static final Duration FIRST_CHECK = Duration.ofSeconds(10);
    /** Calls that move no object (ask, delete, start or abort an upload), retries included. */
    static final Duration SMALL_CALL = Duration.ofMillis(1500);
    /** What an attempt to send an object may take on top of moving its bytes: connecting, and S3 answering. */
    private static final Duration TRANSFER_OVERHEAD = Duration.ofMillis(1500);
    /** The slowest rate an attempt to send an object may keep up before it is given up and retried. */
    static final long MIN_TRANSFER_BYTES_PER_SECOND = 256 * 1024;

    private S3Deadlines() {}

    /** For a call that moves no object: at most {@link #SMALL_CALL}, however often it is retried. */
    static final Consumer<AwsRequestOverrideConfiguration.Builder> SMALL =
            o -> o.apiCallTimeout(SMALL_CALL);

    /**
     * For sending {@code bytes}: long enough to move them at {@link #MIN_TRANSFER_BYTES_PER_SECOND},
     * retries included (a quick refusal, such as a throttled request, is still retried within it).
     */
    static Consumer<AwsRequestOverrideConfiguration.Builder> sending(long bytes) {
        Duration call = TRANSFER_OVERHEAD.plusMillis(Math.multiplyExact(bytes, 1000L) / MIN_TRANSFER_BYTES_PER_SECOND);
        return o -> o.apiCallTimeout(call);
    }
}
