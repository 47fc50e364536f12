package io.mediaopt.jobs;

/**
 * The few places where SQLite and PostgreSQL need different SQL, kept together. Everything
 * else in {@link JdbcJobStore} is plain SQL both accept.
 */
public enum SqlDialect {
    SQLITE("""
            UPDATE jobs SET status = 'processing', attempts = attempts + 1, updated_at = ?
            WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY created_at, id LIMIT 1)
              AND status = 'pending'
            RETURNING *""", 4),
    POSTGRESQL("""
            UPDATE jobs SET status = 'processing', attempts = attempts + 1, updated_at = ?
            WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY created_at, id
                        LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING *""", 10);

    private final String claimNextSql;
    private final int maxPoolSize;

    SqlDialect(String claimNextSql, int maxPoolSize) {
        this.claimNextSql = claimNextSql;
        this.maxPoolSize = maxPoolSize;
    }

    public static SqlDialect of(String jdbcUrl) {
        if (jdbcUrl.startsWith("jdbc:sqlite:")) return SQLITE;
        if (jdbcUrl.startsWith("jdbc:postgresql:")) return POSTGRESQL;
        throw new IllegalArgumentException(
                "Expected a jdbc:sqlite: or jdbc:postgresql: URL but received " + jdbcUrl.replaceAll("\\?.*", "?…"));
    }

    /** Claims the oldest pending job atomically; one parameter: the time now. */
    public String claimNextSql() {
        return claimNextSql;
    }

    /** SQLite has a single writer: a few connections suffice, more only wait on its lock. */
    public int maxPoolSize() {
        return maxPoolSize;
    }

    /** Statements run on every new connection. */
    public String connectionInitSql() {
        return this == SQLITE ? "PRAGMA busy_timeout = 10000" : null;
    }
}
