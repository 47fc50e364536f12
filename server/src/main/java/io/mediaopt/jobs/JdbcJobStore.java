package io.mediaopt.jobs;

import io.mediaopt.database.SqlStatements;
import io.mediaopt.database.JobStoreException;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.mediaopt.ErrorCode;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Presets;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static io.mediaopt.database.SqlStatements.literal;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Jobs in SQLite (embedded default) or PostgreSQL, through JDBC; migrations run at open. */
public final class JdbcJobStore implements JobStore {
    private static final Logger log = LoggerFactory.getLogger(JdbcJobStore.class);
    private static final String PENDING = literal(JobStatus.PENDING.wireName());
    private static final String PROCESSING = literal(JobStatus.PROCESSING.wireName());
    private static final String FAILED = literal(JobStatus.FAILED.wireName());
    private static final String ENDED = literal(JobStatus.DONE.wireName()) + ", " + FAILED;
    private static final String SYNC = literal(JobOrigin.SYNCHRONOUS.wireName());
    private static final String FAIL_INTERRUPTED = """
            UPDATE jobs SET status = %s, error_code = ?,
                error_message = 'The job could not finish: the server processing it stopped',
                updated_at = ?, completed_at = ?, lease_owner = NULL, lease_until = NULL
            """.formatted(FAILED);

    /** How long a request waits for a connection before it is answered 503 unavailable. */
    static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration VALIDATION_TIMEOUT = Duration.ofMillis(500);
    /**
     * How long a server database is asked again at start: one still starting (a container beside
     * this one), or slow to fork a backend on a busy machine, is waited for rather than ending the
     * start at its first connection timeout.
     */
    static final Duration STARTUP_WAIT = Duration.ofSeconds(30);

    private final HikariDataSource dataSource;
    private final SqlDialect dialect;
    private final JobRows rows;
    private final JobEndings endings;

    private JdbcJobStore(HikariDataSource dataSource, SqlDialect dialect, ObjectMapper json, Presets presets) {
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.rows = new JobRows(json, presets);
        this.endings = new JobEndings(dataSource);
    }

    /**
     * Connects to the database of {@code dialect} at {@code jdbcUrl}, brings the schema up to
     * date, and returns the store; stored preset names are of {@code presets}.
     */
    public static JdbcJobStore open(String jdbcUrl, SqlDialect dialect, ObjectMapper json, Presets presets) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setPoolName("jobs");
        config.setMaximumPoolSize(dialect.maxPoolSize());
        config.setConnectionInitSql(dialect.connectionInitSql());
        // a database that is down fails a request within CONNECTION_TIMEOUT (503), never hangs it
        config.setConnectionTimeout(CONNECTION_TIMEOUT.toMillis());
        config.setValidationTimeout(VALIDATION_TIMEOUT.toMillis());
        dialect.driverTimeouts().forEach(config::addDataSourceProperty);
        if (dialect != SqlDialect.SQLITE) config.setInitializationFailTimeout(STARTUP_WAIT.toMillis());
        HikariDataSource dataSource = new HikariDataSource(config);
        try {
            if (dialect == SqlDialect.SQLITE) enableWriteAheadLog(dataSource);
            // without the pool's timeouts: a migration may take longer than any request should
            var flyway = Flyway.configure();
            if (dialect == SqlDialect.SQLITE) flyway.dataSource(dataSource);
            else flyway.dataSource(jdbcUrl, null, null);
            flyway.load().migrate();
        } catch (RuntimeException | SQLException e) {
            dataSource.close();
            throw new IllegalStateException("Cannot prepare the job database: " + e.getMessage(), e);
        }
        return new JdbcJobStore(dataSource, dialect, json, presets);
    }

    /** The database, shared with the webhook outbox, whose rows the ending of a job writes. */
    public DataSource dataSource() {
        return dataSource;
    }

    public SqlDialect dialect() {
        return dialect;
    }

    /** Called after a transaction that ended jobs queued webhook events, so they go out at once. */
    public void onEventsQueued(Runnable listener) {
        endings.onEventsQueued(listener);
    }

    /** WAL lets readers go on while a job is written; it is a property of the database file. */
    private static void enableWriteAheadLog(HikariDataSource dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode = WAL");
        }
    }

    @Override
    public void insert(Job job) {
        update(JobRows.INSERT, JobRows.insertValues(job));
    }

    @Override
    public Optional<Job> find(String id) {
        return queryOne("SELECT * FROM jobs WHERE id = ?", id);
    }

    @Override
    public Optional<Job> claimNext(Lease lease, int maxAttempts, long now) {
        return queryOne(dialect.claimNextSql(), lease.owner(), lease.until(), now, now, maxAttempts);
    }

    @Override
    public boolean renewLease(String id, Lease lease, long now) {
        return update("""
                UPDATE jobs SET lease_until = ?, updated_at = ?
                WHERE id = ? AND status = %s AND lease_owner = ?""".formatted(PROCESSING),
                lease.until(), now, id, lease.owner()) == 1;
    }

    @Override
    public boolean recordProgress(String id, int percent) {
        return update("UPDATE jobs SET progress = ? WHERE id = ? AND status = " + PROCESSING + " AND progress < ?",
                percent, id, percent) == 1;
    }

    @Override
    public boolean markDone(String id, String owner, OptimizationResult result, String outputKey, long now) {
        return endings.end("""
                UPDATE jobs SET status = %s, result_json = ?, output_key = ?, updated_at = ?, completed_at = ?,
                    lease_owner = NULL, lease_until = NULL, progress = 100
                WHERE id = ? AND status = %s AND lease_owner = ?""".formatted(literal(JobStatus.DONE.wireName()), PROCESSING),
                now, rows.resultJson(result), outputKey, now, now, id, owner) == 1;
    }

    @Override
    public boolean markFailed(String id, String owner, ErrorCode code, String message, long now) {
        String held = owner == null ? "status = " + PENDING : "status = " + PROCESSING + " AND lease_owner = ?";
        String sql = """
                UPDATE jobs SET status = %s, error_code = ?, error_message = ?, updated_at = ?, completed_at = ?,
                    lease_owner = NULL, lease_until = NULL
                WHERE id = ? AND\s""".formatted(FAILED) + held;
        return (owner == null ? endings.end(sql, now, code.wireName(), message, now, now, id)
                : endings.end(sql, now, code.wireName(), message, now, now, id, owner)) == 1;
    }

    @Override
    public boolean release(String id, String owner, long now) {
        return update("""
                UPDATE jobs SET status = %s, attempts = attempts - 1, lease_owner = NULL, lease_until = NULL,
                    updated_at = ?
                WHERE id = ? AND status = %s AND lease_owner = ? AND origin <> %s""".formatted(PENDING, PROCESSING, SYNC),
                now, id, owner) == 1;
    }

    @Override
    public boolean requeue(String id, String owner, long now) {
        return update("""
                UPDATE jobs SET status = %s, progress = 0, lease_owner = NULL, lease_until = NULL, updated_at = ?
                WHERE id = ? AND status = %s AND lease_owner = ?""".formatted(PENDING, PROCESSING),
                now, id, owner) == 1;
    }

    @Override
    public Interrupted failAbandoned(int maxAttempts, long now) {
        return interrupted(endings.endJobs(FAIL_INTERRUPTED + """
                WHERE status = %s AND lease_until < ? AND (origin = %s OR attempts >= ?)""".formatted(PROCESSING, SYNC),
                now, ErrorCode.INTERRUPTED.wireName(), now, now, now, maxAttempts));
    }

    @Override
    public Recovery recoverOwnedBy(String owner, int maxAttempts, long now) {
        Interrupted failed = interrupted(endings.endJobs(FAIL_INTERRUPTED + """
                WHERE status = %s AND lease_owner = ? AND (origin = %s OR attempts >= ?)""".formatted(PROCESSING, SYNC),
                now, ErrorCode.INTERRUPTED.wireName(), now, now, owner, maxAttempts));
        int requeued = update("""
                UPDATE jobs SET status = %s, lease_owner = NULL, lease_until = NULL, updated_at = ?
                WHERE status = %s AND lease_owner = ?""".formatted(PENDING, PROCESSING), now, owner);
        return new Recovery(requeued, failed);
    }

    /** Every job failure is logged, with its id and code. */
    private static Interrupted interrupted(List<JobEndings.Ended> ended) {
        ended.forEach(job -> log.warn("job {} failed: {} (the server processing it stopped)", job.id(),
                ErrorCode.INTERRUPTED.wireName()));
        return Interrupted.of(ended);
    }

    @Override
    public int countPending() {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM jobs WHERE status = " + PENDING);
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            throw new JobStoreException("Cannot count pending jobs", e);
        }
    }

    @Override
    public List<Job> findExpired(long cutoff, long now, int limit) {
        return queryList("""
                SELECT * FROM jobs WHERE completed_at IS NOT NULL AND (
                    (completed_at < ? AND (kept_as IS NULL OR status <> %s))
                    OR (kept_as IS NOT NULL AND keep_hours IS NOT NULL AND completed_at + keep_hours * 3600000 < ?))
                ORDER BY completed_at LIMIT ?""".formatted(literal(JobStatus.DONE.wireName())), cutoff, now, limit);
    }

    @Override
    public List<Job> findEndedWithInput(int limit) {
        return queryList("""
                SELECT * FROM jobs WHERE input_key IS NOT NULL AND status IN (%s)
                ORDER BY completed_at LIMIT ?""".formatted(ENDED), limit);
    }

    @Override
    public void forgetInput(String id) {
        update("UPDATE jobs SET input_key = NULL WHERE id = ? AND status IN (" + ENDED + ")", id);
    }

    @Override
    public void delete(String id) {
        update("DELETE FROM webhook_deliveries WHERE job_id = ?", id);
        update("DELETE FROM jobs WHERE id = ?", id);
    }

    @Override
    public boolean deleteIfPending(String id) {
        update("DELETE FROM webhook_deliveries WHERE job_id = ?", id);
        return update("DELETE FROM jobs WHERE id = ? AND status = " + PENDING, id) == 1;
    }

    @Override
    public void check() {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("SELECT 1");
        } catch (SQLException e) {
            throw new JobStoreException("Job database does not answer", e);
        }
    }

    @Override
    public void close() {
        dataSource.close();
    }

    private int update(String sql, Object... params) {
        return SqlStatements.update(dataSource, "Job database", sql, params);
    }

    private Optional<Job> queryOne(String sql, Object... params) {
        List<Job> jobs = queryList(sql, params);
        return jobs.isEmpty() ? Optional.empty() : Optional.of(jobs.getFirst());
    }

    private List<Job> queryList(String sql, Object... params) {
        return SqlStatements.query(dataSource, "Job database", rows::read, sql, params);
    }
}
