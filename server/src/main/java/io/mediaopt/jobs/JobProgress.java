package io.mediaopt.jobs;

import io.mediaopt.media.Progress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;

/**
 * Writes an optimizer's progress reports to the job store, keeping the writes cheap: a report is
 * written only when it is higher than the last one written and at least {@link #EVERY} after
 * it, so a job costs at most one small update a second and a hundred in all. A write that fails
 * is logged and forgotten; progress is never worth failing a job for.
 */
final class JobProgress implements Progress {
    static final Duration EVERY = Duration.ofSeconds(1);
    private static final Logger log = LoggerFactory.getLogger(JobProgress.class);

    private final JobStore store;
    private final String jobId;
    private final Clock clock;
    private int written;
    private long writtenAt = Long.MIN_VALUE;

    JobProgress(JobStore store, String jobId, Clock clock) {
        this.store = store;
        this.jobId = jobId;
        this.clock = clock;
    }

    @Override
    public synchronized void reached(int percent) {
        long now = clock.millis();
        if (percent <= written || (writtenAt != Long.MIN_VALUE && now - writtenAt < EVERY.toMillis())) return;
        written = percent;
        writtenAt = now;
        try {
            store.recordProgress(jobId, percent);
        } catch (RuntimeException e) {
            log.debug("progress of job {} not recorded: {}", jobId, e.toString());
        }
    }
}
