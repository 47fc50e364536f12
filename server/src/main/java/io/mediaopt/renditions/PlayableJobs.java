package io.mediaopt.renditions;

import io.mediaopt.database.SqlStatements;
import io.mediaopt.storage.Storage;

import javax.sql.DataSource;
import java.util.Optional;

/**
 * When a job's HLS ladder became playable, and where its attempt stores it (columns
 * {@code playable_at}, {@code playable_prefix} of the jobs table, V20): kept in the job's row so
 * that every node serves the ladder of a job another node is encoding, and shows it in the job.
 */
public final class PlayableJobs {
    private static final String WHAT = "Playable job store";

    private final DataSource dataSource;

    public PlayableJobs(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The ledger of the files stored early, in the same database, deleted from {@code storage}. */
    public EarlyFiles earlyFiles(Storage storage) {
        return new EarlyFiles(dataSource, storage);
    }

    /** The ladder of a job, under {@code prefix} in storage, playable since {@code at} (ms). */
    public record Playable(String prefix, long at) {
        public String key(String name) {
            return prefix + name;
        }
    }

    /** Notes that the processing job's master playlist is stored under {@code prefix}; false when it is not processing. */
    boolean mark(String jobId, String prefix, long at) {
        return SqlStatements.update(dataSource, WHAT,
                "UPDATE jobs SET playable_prefix = ?, playable_at = ? WHERE id = ? AND status = 'processing'",
                prefix, at, jobId) == 1;
    }

    /** Withdraws the processing job's ladder: it is not playable until an attempt marks it again. */
    void withdraw(String jobId) {
        SqlStatements.update(dataSource, WHAT, "UPDATE jobs SET playable_prefix = NULL, playable_at = NULL "
                + "WHERE id = ? AND status = 'processing' AND playable_prefix IS NOT NULL", jobId);
    }

    /**
     * The ladder of the job's attempt number {@code attempt}; empty before it is playable, and
     * for the ladder of an earlier attempt, which the later one does not go on with.
     */
    public Optional<Playable> of(String jobId, int attempt) {
        String current = RenditionKeys.attemptPrefix(jobId, attempt);
        return SqlStatements.query(dataSource, WHAT,
                        rs -> new Playable(rs.getString("playable_prefix"), rs.getLong("playable_at")),
                        "SELECT playable_prefix, playable_at FROM jobs WHERE id = ? AND playable_prefix IS NOT NULL",
                        jobId).stream()
                .filter(p -> p.prefix().startsWith(current)).findFirst();
    }
}
