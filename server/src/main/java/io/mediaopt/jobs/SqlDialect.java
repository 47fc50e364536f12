package io.mediaopt.jobs;

import io.mediaopt.database.SqlStatements;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The few places where SQLite and PostgreSQL need different SQL, kept together. Everything
 * else in {@link JdbcJobStore} is plain SQL both accept.
 */
public enum SqlDialect {
    /** SQLite runs one write at a time, so the statement alone is atomic. */
    SQLITE("", 4),
    /** Each node locks the row it claims and skips rows other nodes are claiming. */
    POSTGRESQL(" FOR UPDATE SKIP LOCKED", 10);

    private final String rowLocking;
    private final String claimNextSql;
    private final int maxPoolSize;

    SqlDialect(String rowLocking, int maxPoolSize) {
        this.rowLocking = rowLocking;
        this.claimNextSql = """
                UPDATE jobs SET status = %1$s, attempts = attempts + 1,
                    lease_owner = ?, lease_until = ?, updated_at = ?
                WHERE id = (SELECT id FROM jobs
                            WHERE status = %2$s
                               OR (status = %1$s AND lease_until < ? AND origin <> %4$s
                                   AND attempts < ?)
                            ORDER BY created_at, id LIMIT 1%3$s)
                RETURNING *""".formatted(SqlStatements.literal(JobStatus.PROCESSING.wireName()),
                SqlStatements.literal(JobStatus.PENDING.wireName()), rowLocking,
                SqlStatements.literal(JobOrigin.SYNCHRONOUS.wireName()));
        this.maxPoolSize = maxPoolSize;
    }

    /** The kind of database a JDBC URL names; the one place that reads it from the URL. */
    public static SqlDialect of(String jdbcUrl) {
        if (jdbcUrl.startsWith("jdbc:sqlite:")) return SQLITE;
        if (jdbcUrl.startsWith("jdbc:postgresql:")) return POSTGRESQL;
        throw new IllegalArgumentException(
                "Expected a jdbc:sqlite: or jdbc:postgresql: URL but received " + jdbcUrl.replaceAll("[?;].*", "…"));
    }

    /** The database's name as the health report gives it: {@code sqlite} or {@code postgresql}. */
    public String shortName() {
        return this == SQLITE ? "sqlite" : "postgresql";
    }

    /**
     * The file of an SQLite database at {@code jdbcUrl}, whose disk health watches; empty for
     * PostgreSQL and for an SQLite database in memory.
     */
    public Optional<Path> file(String jdbcUrl) {
        if (this != SQLITE) return Optional.empty();
        String path = jdbcUrl.substring("jdbc:sqlite:".length()).replaceFirst("^file:", "").replaceFirst("\\?.*", "");
        return path.isEmpty() || path.contains(":memory:") || path.contains("mode=memory")
                ? Optional.empty() : Optional.of(Path.of(path).toAbsolutePath());
    }

    /**
     * Claims the oldest claimable job: pending, or processing under a lease that ran out with
     * attempts left. Parameters: lease owner, lease end, now, now, maximum attempts.
     */
    public String claimNextSql() {
        return claimNextSql;
    }

    /** What ends a claiming sub-select so that concurrent claims skip each other's rows. */
    public String rowLocking() {
        return rowLocking;
    }

    /** SQLite has a single writer: a few connections suffice, more only wait on its lock. */
    public int maxPoolSize() {
        return maxPoolSize;
    }

    /**
     * Driver properties that bound how long the database may keep a connection waiting, in
     * seconds: connecting, logging in, and any read. Every statement of the job store is a short
     * one (rows by key or by index, a few at a time), so a server silent for a second has stopped
     * answering (hung, or behind a network partition): the statement fails as an outage, and a
     * request that needed it is answered {@code 503 unavailable} within 2 s. A property the
     * database URL sets itself wins.
     */
    public Map<String, String> driverTimeouts() {
        return this == SQLITE ? Map.of() : Map.of("connectTimeout", "1", "loginTimeout", "2", "socketTimeout", "1");
    }

    /** Statements run on every new connection. */
    public String connectionInitSql() {
        return this == SQLITE ? "PRAGMA busy_timeout = 10000" : null;
    }
}
