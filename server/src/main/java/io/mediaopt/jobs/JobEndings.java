package io.mediaopt.jobs;

import io.mediaopt.database.SqlStatements;
import io.mediaopt.database.JobStoreException;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends jobs and, in the same transaction, queues the event of each ended job that names a
 * callback in the outbox table {@code webhook_deliveries}: a job that ended always has its event
 * queued, whatever stops the process afterwards. A job ends once (every ending statement is
 * conditional on its state), so {@code <job id>.<status>} identifies its event.
 */
final class JobEndings {
    private static final String QUEUE_EVENT = """
            INSERT INTO webhook_deliveries (event_id, job_id, url, state, attempts, created_at, next_attempt_at)
            VALUES (?, ?, ?, %s, 0, ?, ?)""".formatted(SqlStatements.literal(DeliveryState.PENDING.wireName()));

    private final DataSource dataSource;
    private volatile Runnable eventsQueued = () -> {};

    JobEndings(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    void onEventsQueued(Runnable listener) {
        this.eventsQueued = listener;
    }

    /**
     * Runs {@code endingUpdate} (an UPDATE of jobs to a final state, without RETURNING) and queues
     * the events of the jobs it ended; returns how many it ended.
     */
    int end(String endingUpdate, long now, Object... params) {
        return endJobs(endingUpdate, now, params).size();
    }

    /** As {@link #end}; answers the jobs it ended. */
    List<Ended> endJobs(String endingUpdate, long now, Object... params) {
        int queued = 0;
        List<Ended> ended = new ArrayList<>();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                try (PreparedStatement s = SqlStatements.prepare(c,
                        endingUpdate + " RETURNING id, status, callback_url, input_key", params);
                     ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        ended.add(new Ended(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
                    }
                }
                for (Ended job : ended) {
                    if (job.callbackUrl() == null) continue;
                    try (PreparedStatement s = SqlStatements.prepare(c, QUEUE_EVENT,
                            job.id() + "." + job.status(), job.id(), job.callbackUrl(), now, now)) {
                        s.executeUpdate();
                    }
                    queued++;
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new JobStoreException("Job database update failed", e);
        }
        if (queued > 0) eventsQueued.run();
        return ended;
    }

    /** A job just ended; {@code inputKey} names its stored input, null for a synchronous job. */
    record Ended(String id, String status, String callbackUrl, String inputKey) {}
}
