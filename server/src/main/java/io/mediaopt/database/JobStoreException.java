package io.mediaopt.database;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

import org.sqlite.SQLiteException;

import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.Set;

/**
 * The job database failed; details only in the log. A database that cannot be reached (refused
 * or lost connections, no connection within the pool's timeout, a disk too full or too busy to
 * write) is {@code unavailable}, which passes once it is back; anything else is {@code internal}.
 */
public final class JobStoreException extends ServiceException {
    private static final long serialVersionUID = 1L;
    /** SQLSTATE classes of PostgreSQL that pass: connection exceptions, resources, operator intervention. */
    private static final Set<String> PASSING_STATE_CLASSES = Set.of("08", "53", "57");
    /** SQLite's primary result codes that pass: BUSY, LOCKED, IOERR, FULL, CANTOPEN. */
    private static final Set<Integer> PASSING_SQLITE_CODES = Set.of(5, 6, 10, 13, 14);

    public JobStoreException(String message, Throwable cause) {
        super(passes(cause) ? ErrorCode.UNAVAILABLE : ErrorCode.INTERNAL, message, cause);
    }

    /** Whether the database could not be reached, rather than refusing the statement. */
    public boolean isOutage() {
        return errorCode() == ErrorCode.UNAVAILABLE;
    }

    private static boolean passes(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientException || t instanceof SQLRecoverableException
                    || t instanceof SQLNonTransientConnectionException || t instanceof IOException) {
                return true;
            }
            if (t instanceof SQLException sql && (passingState(sql.getSQLState()) || passingSqlite(sql))) return true;
        }
        return false;
    }

    private static boolean passingState(String state) {
        return state != null && state.length() >= 2 && PASSING_STATE_CLASSES.contains(state.substring(0, 2));
    }

    private static boolean passingSqlite(SQLException e) {
        return e instanceof SQLiteException && PASSING_SQLITE_CODES.contains(e.getErrorCode() & 0xff);
    }
}
