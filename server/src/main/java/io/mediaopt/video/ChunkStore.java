package io.mediaopt.video;

import io.mediaopt.jobs.JobStatus;
import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.database.SqlStatements;
import io.mediaopt.media.Strategy;

import javax.sql.DataSource;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static io.mediaopt.database.SqlStatements.literal;

/**
 * The chunks of long videos in the job database (table {@code video_chunks}), leased to one node
 * at a time as jobs are: a chunk is claimed while pending, or again once the lease of the node
 * encoding it ran out (the node died), and only while its job is still processing. Only the
 * lease owner can record it done.
 */
final class ChunkStore {
    private static final String WHAT = "Video chunks";
    private static final String PENDING = literal(ChunkStatus.PENDING.wireName());
    private static final String PROCESSING = literal(ChunkStatus.PROCESSING.wireName());

    private static final String ENDED = Stream.of(JobStatus.values()).filter(JobStatus::isTerminal)
            .map(s -> literal(s.wireName())).collect(Collectors.joining(", "));

    private final DataSource dataSource;
    private final String claimAnySql;

    ChunkStore(DataSource dataSource, SqlDialect dialect) {
        this.dataSource = dataSource;
        this.claimAnySql = claimSql(dialect);
    }

    /** Parameters: owner, lease end, now. */
    private static String claimSql(SqlDialect dialect) {
        return """
                UPDATE video_chunks SET status = %1$s, attempts = attempts + 1, lease_owner = ?, lease_until = ?
                WHERE id = (SELECT c.id FROM video_chunks c JOIN jobs j ON j.id = c.job_id
                            WHERE j.status = %3$s AND (c.status = %2$s OR (c.status = %1$s AND c.lease_until < ?))
                            ORDER BY c.created_at, c.job_id, c.idx LIMIT 1%4$s)
                RETURNING *""".formatted(PROCESSING, PENDING, literal(JobStatus.PROCESSING.wireName()),
                dialect == SqlDialect.POSTGRESQL ? " FOR UPDATE OF c SKIP LOCKED" : "");
    }

    /** Inserts the chunks of a plan that are not there yet: a job taken over finds its plan's chunks as they were. */
    void insertAbsent(List<Chunk> chunks, long now) {
        for (Chunk c : chunks) {
            SqlStatements.update(dataSource, WHAT, """
                    INSERT INTO video_chunks (id, job_id, plan, idx, source_key, seek_us, frames, strategy, crf, max_width,
                        max_bitrate_kbps, svt_preset, ladder, status, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, %s, ?) ON CONFLICT (id) DO NOTHING""".formatted(PENDING),
                    c.id(), c.jobId(), c.plan(), c.index(), c.sourceKey(), c.seekMicros(), c.frames(), c.strategy().name(),
                    c.crf(), c.maxWidth(), c.maxBitrateKbps(), c.svtPreset(),
                    c.ladder() == null ? null : c.ladder().text(), now);
        }
    }

    /** The first claimable chunk of any job, leased to {@code owner} until {@code until}. */
    Optional<Chunk> claimAny(String owner, long until, long now) {
        return one(SqlStatements.query(dataSource, WHAT, ChunkStore::read, claimAnySql, owner, until, now));
    }


    boolean renew(String id, String owner, long until) {
        return SqlStatements.update(dataSource, WHAT, "UPDATE video_chunks SET lease_until = ? WHERE id = ? AND status = "
                + PROCESSING + " AND lease_owner = ?", until, id, owner) == 1;
    }

    /** processing → done with its output stored under {@code outputKey}; false when the owner lost it. */
    boolean markDone(String id, String owner, String outputKey) {
        return SqlStatements.update(dataSource, WHAT, """
                UPDATE video_chunks SET status = %s, output_key = ?, lease_owner = NULL, lease_until = NULL
                WHERE id = ? AND status = %s AND lease_owner = ?""".formatted(literal(ChunkStatus.DONE.wireName()),
                PROCESSING), outputKey, id, owner) == 1;
    }

    /** processing → failed: the encoder refused it, so another node would fail too. */
    boolean markFailed(String id, String owner) {
        return SqlStatements.update(dataSource, WHAT, """
                UPDATE video_chunks SET status = %s, lease_owner = NULL, lease_until = NULL
                WHERE id = ? AND status = %s AND lease_owner = ?""".formatted(literal(ChunkStatus.FAILED.wireName()),
                PROCESSING), id, owner) == 1;
    }

    /** The chunks of a plan, in order. */
    List<Chunk> planOf(String jobId, String plan) {
        return SqlStatements.query(dataSource, WHAT, ChunkStore::read,
                "SELECT * FROM video_chunks WHERE job_id = ? AND plan = ? ORDER BY idx", jobId, plan);
    }

    /** Whether a chunk of the job is still to be encoded: pending, or processing on some node. */
    boolean anyLeft(String jobId) {
        return !SqlStatements.query(dataSource, WHAT, rs -> rs.getInt(1), "SELECT 1 FROM video_chunks WHERE job_id = ? AND "
                + "status IN (" + PENDING + ", " + PROCESSING + ") LIMIT 1", jobId).isEmpty();
    }

    /** Forgets the chunks of one plan of a job. */
    void deletePlan(String jobId, String plan) {
        SqlStatements.update(dataSource, WHAT, "DELETE FROM video_chunks WHERE job_id = ? AND plan = ?", jobId, plan);
    }

    /** Up to {@code limit} chunks of jobs that ended (done or failed) or are gone. */
    List<Chunk> ofEndedJobs(int limit) {
        return SqlStatements.query(dataSource, WHAT, ChunkStore::read, """
                SELECT c.* FROM video_chunks c LEFT JOIN jobs j ON j.id = c.job_id
                WHERE j.id IS NULL OR j.status IN (%s) ORDER BY c.created_at LIMIT ?""".formatted(ENDED), limit);
    }

    void delete(String id) {
        SqlStatements.update(dataSource, WHAT, "DELETE FROM video_chunks WHERE id = ?", id);
    }

    private static Optional<Chunk> one(List<Chunk> chunks) {
        return chunks.isEmpty() ? Optional.empty() : Optional.of(chunks.getFirst());
    }

    private static Chunk read(ResultSet rs) throws SQLException {
        return new Chunk(rs.getString("id"), rs.getString("job_id"), rs.getString("plan"), rs.getInt("idx"),
                rs.getString("source_key"), rs.getLong("seek_us"), rs.getInt("frames"),
                Strategy.valueOf(rs.getString("strategy")), rs.getInt("crf"), rs.getInt("max_width"),
                rs.getInt("max_bitrate_kbps"), rs.getInt("svt_preset"),
                ChunkLadder.parse(rs.getString("ladder")), ChunkStatus.of(rs.getString("status")), rs.getString("output_key"));
    }
}
