package io.mediaopt.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Sniffed;
import org.flywaydb.core.Flyway;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Jobs in SQLite (embedded default) or PostgreSQL, through JDBC; migrations run at open. */
public final class JdbcJobStore implements JobStore {
    private static final String FAIL_INTERRUPTED = """
            UPDATE jobs SET status = 'failed', error_code = 'interrupted',
                error_message = 'The job could not finish: the server processing it stopped',
                updated_at = ?, completed_at = ?, lease_owner = NULL, lease_until = NULL
            """;

    private final HikariDataSource dataSource;
    private final SqlDialect dialect;
    private final ObjectMapper json;

    private JdbcJobStore(HikariDataSource dataSource, SqlDialect dialect, ObjectMapper json) {
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.json = json;
    }

    /** Connects, brings the schema up to date, and returns the store. */
    public static JdbcJobStore open(String jdbcUrl, ObjectMapper json) {
        SqlDialect dialect = SqlDialect.of(jdbcUrl);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setPoolName("jobs");
        config.setMaximumPoolSize(dialect.maxPoolSize());
        config.setConnectionInitSql(dialect.connectionInitSql());
        HikariDataSource dataSource = new HikariDataSource(config);
        try {
            if (dialect == SqlDialect.SQLITE) enableWriteAheadLog(dataSource);
            Flyway.configure().dataSource(dataSource).load().migrate();
        } catch (RuntimeException | SQLException e) {
            dataSource.close();
            throw new IllegalStateException("Cannot prepare the job database: " + e.getMessage(), e);
        }
        return new JdbcJobStore(dataSource, dialect, json);
    }

    /** WAL lets readers go on while a job is written; it is a property of the database file. */
    private static void enableWriteAheadLog(HikariDataSource dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode = WAL");
        }
    }

    @Override
    public void insert(Job job) {
        String sql = """
                INSERT INTO jobs (id, status, preset, filename, input_bytes, media_kind, media_format,
                                  media_type, input_key, attempts, created_at, updated_at, lease_owner, lease_until)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";
        update(sql, job.id(), job.status().wireName(), job.preset(), job.filename(), job.inputBytes(),
                job.media().kind().wireName(), job.media().format(), job.media().contentType(),
                job.inputKey(), job.attempts(), job.createdAt(), job.updatedAt(), job.leaseOwner(), job.leaseUntil());
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
                WHERE id = ? AND status = 'processing' AND lease_owner = ?""",
                lease.until(), now, id, lease.owner()) == 1;
    }

    @Override
    public boolean markDone(String id, String owner, OptimizationResult result, String outputKey, long now) {
        return update("""
                UPDATE jobs SET status = 'done', result_json = ?, output_key = ?, updated_at = ?, completed_at = ?,
                    lease_owner = NULL, lease_until = NULL
                WHERE id = ? AND status = 'processing' AND lease_owner = ?""",
                toJson(result), outputKey, now, now, id, owner) == 1;
    }

    @Override
    public boolean markFailed(String id, String owner, String code, String message, long now) {
        String held = owner == null ? "status = 'pending'" : "status = 'processing' AND lease_owner = ?";
        String sql = """
                UPDATE jobs SET status = 'failed', error_code = ?, error_message = ?, updated_at = ?, completed_at = ?,
                    lease_owner = NULL, lease_until = NULL
                WHERE id = ? AND\s""" + held;
        return (owner == null ? update(sql, code, message, now, now, id)
                : update(sql, code, message, now, now, id, owner)) == 1;
    }

    @Override
    public boolean release(String id, String owner, long now) {
        return update("""
                UPDATE jobs SET status = 'pending', attempts = attempts - 1, lease_owner = NULL, lease_until = NULL,
                    updated_at = ?
                WHERE id = ? AND status = 'processing' AND lease_owner = ? AND input_key IS NOT NULL""",
                now, id, owner) == 1;
    }

    @Override
    public int failAbandoned(int maxAttempts, long now) {
        return update(FAIL_INTERRUPTED + """
                WHERE status = 'processing' AND lease_until < ? AND (input_key IS NULL OR attempts >= ?)""",
                now, now, now, maxAttempts);
    }

    @Override
    public Recovery recoverOwnedBy(String owner, int maxAttempts, long now) {
        int failed = update(FAIL_INTERRUPTED + """
                WHERE status = 'processing' AND lease_owner = ? AND (input_key IS NULL OR attempts >= ?)""",
                now, now, owner, maxAttempts);
        int requeued = update("""
                UPDATE jobs SET status = 'pending', lease_owner = NULL, lease_until = NULL, updated_at = ?
                WHERE status = 'processing' AND lease_owner = ?""", now, owner);
        return new Recovery(requeued, failed);
    }

    @Override
    public int countPending() {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM jobs WHERE status = 'pending'");
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            throw new JobStoreException("Cannot count pending jobs", e);
        }
    }

    @Override
    public List<Job> findFinishedBefore(long cutoff, int limit) {
        return queryList("SELECT * FROM jobs WHERE completed_at < ? ORDER BY completed_at LIMIT ?", cutoff, limit);
    }

    @Override
    public void delete(String id) {
        update("DELETE FROM jobs WHERE id = ?", id);
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
        try (Connection c = dataSource.getConnection(); PreparedStatement s = prepare(c, sql, params)) {
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new JobStoreException("Job database update failed", e);
        }
    }

    private Optional<Job> queryOne(String sql, Object... params) {
        List<Job> jobs = queryList(sql, params);
        return jobs.isEmpty() ? Optional.empty() : Optional.of(jobs.getFirst());
    }

    private List<Job> queryList(String sql, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = prepare(c, sql, params);
             ResultSet rs = s.executeQuery()) {
            List<Job> jobs = new ArrayList<>();
            while (rs.next()) jobs.add(read(rs));
            return jobs;
        } catch (SQLException e) {
            throw new JobStoreException("Job database query failed", e);
        }
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... params) throws SQLException {
        PreparedStatement s = c.prepareStatement(sql);
        for (int i = 0; i < params.length; i++) {
            if (params[i] == null) s.setNull(i + 1, Types.NULL);
            else s.setObject(i + 1, params[i]);
        }
        return s;
    }

    private Job read(ResultSet rs) throws SQLException {
        MediaKind kind = MediaKind.valueOf(rs.getString("media_kind").toUpperCase(Locale.ROOT));
        return new Job(
                rs.getString("id"),
                JobStatus.fromWire(rs.getString("status")),
                rs.getString("preset"),
                rs.getString("filename"),
                rs.getLong("input_bytes"),
                new Sniffed(kind, rs.getString("media_format"), rs.getString("media_type")),
                rs.getString("input_key"),
                rs.getInt("attempts"),
                rs.getLong("created_at"),
                rs.getLong("updated_at"),
                nullableLong(rs, "completed_at"),
                fromJson(rs.getString("result_json")),
                rs.getString("output_key"),
                rs.getString("error_code"),
                rs.getString("error_message"),
                rs.getString("lease_owner"),
                nullableLong(rs, "lease_until"));
    }

    private static Long nullableLong(ResultSet rs, String column) throws SQLException {
        Object value = rs.getObject(column);
        return value == null ? null : ((Number) value).longValue();
    }

    private String toJson(OptimizationResult result) {
        try {
            return json.writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private OptimizationResult fromJson(String text) {
        if (text == null) return null;
        try {
            return json.readValue(text, OptimizationResult.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored job result is not readable", e);
        }
    }
}
