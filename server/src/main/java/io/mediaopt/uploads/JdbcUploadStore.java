package io.mediaopt.uploads;

import io.mediaopt.database.SqlStatements;

import javax.sql.DataSource;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Resumable uploads in the job database. The offset only moves by a conditional update from the
 * offset the writer started at, so two writers can never both record bytes for the same place.
 */
public final class JdbcUploadStore {
    private static final String WHAT = "Upload store";

    private final DataSource dataSource;

    public JdbcUploadStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Inserts the upload, with who sent it: the origin of its callback's links and its request's id (each may be null). */
    public void insert(ResumableUpload upload, String origin, String requestId) {
        update("""
                INSERT INTO uploads (id, owner_key_name, upload_length, upload_offset, metadata, created_at,
                    expires_at, job_id, direct_key, sender_origin, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                upload.id(), upload.owner(), upload.length(), upload.offset(), upload.metadata(), upload.createdAt(),
                upload.expiresAt(), upload.jobId(), upload.directKey(), origin, requestId);
    }

    /**
     * Complete tus uploads without a job that no request is making, whose sender is recorded and
     * whose expiry lies between {@code now} and {@code quietBefore} (their last byte arrived a
     * while ago), with that sender: the uploads a stopped node left unfinished.
     */
    public List<Stranded> stranded(long now, long quietBefore, int limit) {
        return SqlStatements.query(dataSource, WHAT, rs -> new Stranded(read(rs), rs.getString("sender_origin"),
                        rs.getString("request_id")),
                "SELECT * FROM uploads WHERE job_id IS NULL AND direct_key IS NULL AND upload_offset = upload_length"
                        + " AND (finishing_until IS NULL OR finishing_until < ?) AND sender_origin IS NOT NULL"
                        + " AND expires_at >= ? AND expires_at < ? ORDER BY expires_at LIMIT ?",
                now, now, quietBefore, limit);
    }

    /** An upload a stopped node left unfinished, and who sent it. */
    public record Stranded(ResumableUpload upload, String origin, String requestId) {}

    /** The upload unless it expired before {@code now}. */
    public Optional<ResumableUpload> find(String id, long now) {
        return query("SELECT * FROM uploads WHERE id = ? AND expires_at >= ?", id, now).stream().findFirst();
    }

    /**
     * Records that the bytes from {@code from} to {@code to} arrived, kept as the storage object
     * {@code part} (null when none arrived), and moves the expiry to {@code expiresAt}; false when
     * the offset was no longer {@code from}. One statement, so the part is listed exactly when its
     * bytes are counted.
     */
    public boolean advance(String id, long from, long to, String part, long expiresAt) {
        String where = " WHERE id = ? AND upload_offset = ? AND job_id IS NULL";
        if (part == null) {
            return update("UPDATE uploads SET upload_offset = ?, expires_at = ?" + where, to, expiresAt, id, from) == 1;
        }
        return update("UPDATE uploads SET upload_offset = ?, expires_at = ?, parts = parts || ?" + where,
                to, expiresAt, part + "\n", id, from) == 1;
    }

    /**
     * Takes the making of a complete upload's job until {@code until}, unless another request
     * holds it past {@code now} or the job is made; false then.
     */
    public boolean claimFinishing(String id, long now, long until) {
        return update("UPDATE uploads SET finishing_until = ? WHERE id = ? AND job_id IS NULL"
                + " AND (upload_offset = upload_length OR direct_key IS NOT NULL)"
                + " AND (finishing_until IS NULL OR finishing_until < ?)",
                until, id, now) == 1;
    }

    /** Gives the making of the job up, for another request to try again. */
    public void releaseFinishing(String id) {
        update("UPDATE uploads SET finishing_until = NULL WHERE id = ? AND job_id IS NULL", id);
    }

    /** Whether the job database holds the job. */
    public boolean jobExists(String jobId) {
        return !SqlStatements.query(dataSource, WHAT, rs -> rs.getString(1), "SELECT id FROM jobs WHERE id = ?", jobId)
                .isEmpty();
    }

    /** Names the job the complete upload became, on both rows. */
    public void becameJob(String id, String jobId) {
        update("UPDATE uploads SET job_id = ? WHERE id = ?", jobId, id);
        update("UPDATE jobs SET upload_id = ? WHERE id = ?", id, jobId);
    }

    /** The upload a job was made from, if it was made from one. */
    public Optional<String> uploadOfJob(String jobId) {
        return SqlStatements.query(dataSource, WHAT, rs -> rs.getString("upload_id"),
                "SELECT upload_id FROM jobs WHERE id = ? AND upload_id IS NOT NULL", jobId).stream().findFirst();
    }

    /** Unfinished, unexpired uploads the key (null: keys off) holds. */
    public long countOpen(String owner, long now) {
        String byOwner = owner == null ? "owner_key_name IS NULL" : "owner_key_name = ?";
        Object[] params = owner == null ? new Object[] {now} : new Object[] {owner, now};
        return SqlStatements.query(dataSource, WHAT, rs -> rs.getLong(1),
                "SELECT COUNT(*) FROM uploads WHERE " + byOwner + " AND job_id IS NULL AND expires_at >= ?",
                params).getFirst();
    }

    public List<ResumableUpload> expiredBefore(long now, int limit) {
        return query("SELECT * FROM uploads WHERE expires_at < ? ORDER BY expires_at LIMIT ?", now, limit);
    }

    public boolean delete(String id) {
        return update("DELETE FROM uploads WHERE id = ?", id) == 1;
    }

    private int update(String sql, Object... params) {
        return SqlStatements.update(dataSource, WHAT, sql, params);
    }

    private List<ResumableUpload> query(String sql, Object... params) {
        return SqlStatements.query(dataSource, WHAT, JdbcUploadStore::read, sql, params);
    }

    private static ResumableUpload read(ResultSet rs) throws SQLException {
        return new ResumableUpload(rs.getString("id"), rs.getString("owner_key_name"), rs.getLong("upload_length"),
                rs.getLong("upload_offset"), rs.getString("metadata"), rs.getLong("created_at"),
                rs.getLong("expires_at"), rs.getString("job_id"), parts(rs.getString("parts")),
                rs.getString("direct_key"));
    }

    private static List<String> parts(String lines) {
        return lines.isEmpty() ? List.of() : List.of(lines.split("\n"));
    }
}
