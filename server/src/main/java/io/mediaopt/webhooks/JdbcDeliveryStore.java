package io.mediaopt.webhooks;

import io.mediaopt.jobs.DeliveryState;
import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.database.SqlStatements;

import static io.mediaopt.database.SqlStatements.nullableLong;

import javax.sql.DataSource;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The outbox of webhook events, in the job database: the job store writes a row when a job
 * ends; nodes claim due rows under a lease, as they claim jobs (on PostgreSQL, skipping rows
 * another node is claiming), and record each attempt's outcome. Only the lease holder records
 * an outcome, so a node whose lease ran out cannot overwrite the outcome of the one that took over.
 */
public final class JdbcDeliveryStore {
    private static final String PENDING = SqlStatements.literal(DeliveryState.PENDING.wireName());
    private final DataSource dataSource;
    private final String claimSql;

    public JdbcDeliveryStore(DataSource dataSource, SqlDialect dialect) {
        this.dataSource = dataSource;
        this.claimSql = """
                UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ?, attempts = attempts + 1,
                    last_attempt_at = ?
                WHERE event_id IN (SELECT event_id FROM webhook_deliveries
                                   WHERE state = %s AND next_attempt_at <= ?
                                     AND (lease_until IS NULL OR lease_until < ?)
                                   ORDER BY next_attempt_at, event_id LIMIT ?%s)
                RETURNING *""".formatted(PENDING, dialect.rowLocking());
    }

    /** Leases up to {@code limit} due deliveries to {@code owner} until {@code leaseUntil}, counting the attempt. */
    public List<Delivery> claimDue(String owner, long leaseUntil, long now, int limit) {
        return query(claimSql, owner, leaseUntil, now, now, now, limit);
    }

    public boolean markDelivered(String eventId, String owner, int status, long now) {
        return update("""
                UPDATE webhook_deliveries SET state = %s, last_status = ?, last_error = NULL,
                    delivered_at = ?, lease_owner = NULL, lease_until = NULL
                WHERE event_id = ? AND lease_owner = ? AND state = %s""".formatted(
                SqlStatements.literal(DeliveryState.DELIVERED.wireName()), PENDING), status, now, eventId, owner) == 1;
    }

    /** Back to the queue until {@code nextAttemptAt}; {@code status} is null when no answer came. */
    public boolean retryLater(String eventId, String owner, Integer status, String error, long nextAttemptAt) {
        return update("""
                UPDATE webhook_deliveries SET last_status = ?, last_error = ?, next_attempt_at = ?,
                    lease_owner = NULL, lease_until = NULL
                WHERE event_id = ? AND lease_owner = ? AND state = %s""".formatted(PENDING),
                status, error, nextAttemptAt, eventId, owner) == 1;
    }

    public boolean markFailed(String eventId, String owner, Integer status, String error) {
        return update("""
                UPDATE webhook_deliveries SET state = %s, last_status = ?, last_error = ?,
                    lease_owner = NULL, lease_until = NULL
                WHERE event_id = ? AND lease_owner = ? AND state = %s""".formatted(
                SqlStatements.literal(DeliveryState.FAILED.wireName()), PENDING), status, error, eventId, owner) == 1;
    }

    /** At start-up: what this node was sending when it stopped is due again at once. */
    public int releaseOwnedBy(String owner) {
        return update("""
                UPDATE webhook_deliveries SET lease_owner = NULL, lease_until = NULL
                WHERE lease_owner = ? AND state = %s""".formatted(PENDING), owner);
    }

    public Optional<Delivery> forJob(String jobId) {
        List<Delivery> found = query("SELECT * FROM webhook_deliveries WHERE job_id = ?", jobId);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    private int update(String sql, Object... params) {
        return SqlStatements.update(dataSource, "Webhook outbox", sql, params);
    }

    private List<Delivery> query(String sql, Object... params) {
        return SqlStatements.query(dataSource, "Webhook outbox", JdbcDeliveryStore::read, sql, params);
    }


    private static Delivery read(ResultSet rs) throws SQLException {
        return new Delivery(
                rs.getString("event_id"),
                rs.getString("job_id"),
                rs.getString("url"),
                DeliveryState.fromWire(rs.getString("state")),
                rs.getInt("attempts"),
                rs.getLong("created_at"),
                rs.getLong("next_attempt_at"),
                nullableLong(rs, "last_attempt_at"),
                rs.getObject("last_status") == null ? null : rs.getInt("last_status"),
                rs.getString("last_error"),
                nullableLong(rs, "delivered_at"),
                rs.getString("lease_owner"),
                nullableLong(rs, "lease_until"));
    }

}
