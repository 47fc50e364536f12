package io.mediaopt.jobs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/** Binding parameters and reading nullable numbers the same way for every table of the job database. */
public final class SqlStatements {
    private SqlStatements() {}

    public static PreparedStatement prepare(Connection c, String sql, Object... params) throws SQLException {
        PreparedStatement s = c.prepareStatement(sql);
        for (int i = 0; i < params.length; i++) {
            if (params[i] == null) s.setNull(i + 1, Types.NULL);
            else s.setObject(i + 1, params[i]);
        }
        return s;
    }

    public static Long nullableLong(ResultSet rs, String column) throws SQLException {
        Object value = rs.getObject(column);
        return value == null ? null : ((Number) value).longValue();
    }
}
