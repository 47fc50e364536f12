package io.mediaopt.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

/** Running statements, binding parameters and reading nullable numbers the same way for every table of the job database. */
public final class SqlStatements {
    private SqlStatements() {}

    /** Makes one value of a result set's current row. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet rs) throws SQLException;
    }

    /** Runs one statement on a connection of its own; a failure is "{@code what} update failed". */
    public static int update(DataSource dataSource, String what, String sql, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = prepare(c, sql, params)) {
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new JobStoreException(what + " update failed", e);
        }
    }

    /** Every row of one query, read by {@code reader}; a failure is "{@code what} query failed". */
    public static <T> List<T> query(DataSource dataSource, String what, RowReader<T> reader, String sql,
                                    Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = prepare(c, sql, params);
             ResultSet rs = s.executeQuery()) {
            List<T> rows = new ArrayList<>();
            while (rs.next()) rows.add(reader.read(rs));
            return rows;
        } catch (SQLException e) {
            throw new JobStoreException(what + " query failed", e);
        }
    }

    public static PreparedStatement prepare(Connection c, String sql, Object... params) throws SQLException {
        PreparedStatement s = c.prepareStatement(sql);
        for (int i = 0; i < params.length; i++) {
            if (params[i] == null) s.setNull(i + 1, Types.NULL);
            else s.setObject(i + 1, params[i]);
        }
        return s;
    }

    /**
     * A state's stored name as an SQL literal ({@code 'pending'}), for statements that are built
     * once from the state enums rather than bound: the partial index of ended jobs with inputs
     * only serves a query whose states are written into it.
     */
    public static String literal(String wireName) {
        if (!wireName.matches("[a-z_]+")) throw new IllegalArgumentException("Not a state name: " + wireName);
        return "'" + wireName + "'";
    }

    public static Long nullableLong(ResultSet rs, String column) throws SQLException {
        Object value = rs.getObject(column);
        return value == null ? null : ((Number) value).longValue();
    }
}
