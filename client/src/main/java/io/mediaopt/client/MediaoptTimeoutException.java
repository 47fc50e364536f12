package io.mediaopt.client;

import java.time.Duration;

/**
 * A job did not reach a terminal state (done or failed) within the time the caller allowed.
 * The job keeps running on the service; {@link #lastSeen()} is its state at the last poll, so a
 * caller can decide whether to wait longer.
 */
public class MediaoptTimeoutException extends MediaoptException {
    private static final long serialVersionUID = 1L;

    private final transient Job lastSeen;
    private final Duration timeout;

    public MediaoptTimeoutException(Job lastSeen, Duration timeout) {
        super("Job " + lastSeen.jobId() + " was still " + lastSeen.status().wireName()
                + " after waiting " + timeout);
        this.lastSeen = lastSeen;
        this.timeout = timeout;
    }

    /** The job as the last poll reported it. */
    public Job lastSeen() {
        return lastSeen;
    }

    /** How long the caller was willing to wait. */
    public Duration timeout() {
        return timeout;
    }
}
