package io.mediaopt.jobs;

import java.time.Duration;

/**
 * How this node processes jobs.
 *
 * @param slots        encodings at once, shared by synchronous requests and the queue
 * @param queueTimeout how long a synchronous request waits for a free slot
 * @param nodeId       the name this node's leases carry; stable across restarts of the node
 * @param lease        how long a claim lasts without renewal; another node takes the job after it
 * @param maxAttempts  tries of a job before it fails with {@code interrupted}
 * @param processQueue whether this node takes queued jobs (false: it only accepts requests)
 * @param stopGrace    how long a stopping node lets running jobs finish before handing them back
 */
public record WorkerSettings(int slots, Duration queueTimeout, String nodeId, Duration lease, int maxAttempts,
                             boolean processQueue, Duration stopGrace) {}
