package io.mediaopt.renditions;

import io.mediaopt.database.SqlStatements;
import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.util.Collection;
import java.util.List;

/**
 * The files of jobs' HLS ladders stored early, each noted (table {@code early_files}, V23) before
 * it is stored, so that what an attempt leaves behind when it does not end done, because its node
 * stopped mid-ladder or storage was out when it tried to delete them, is found and deleted: by
 * the job's next attempt before it starts, or by the sweep once the job has ended. A job that
 * ends done forgets its attempt's files, which are then its renditions.
 */
public final class EarlyFiles {
    private static final Logger log = LoggerFactory.getLogger(EarlyFiles.class);
    private static final String WHAT = "Early file ledger";
    private static final int SWEEP_BATCH = 100;
    /**
     * Files no attempt that may still end done goes on with: of a job gone, ended, or queued
     * again; of a job processing, those outside its current attempt's keys
     * ({@link RenditionKeys#attemptPrefix}); of a job done, the sweep keeps its renditions.
     */
    private static final String LEFT = """
            SELECT e.job_id, e.storage_key, j.status, j.output_key FROM early_files e
            LEFT JOIN jobs j ON j.id = e.job_id
            WHERE j.id IS NULL OR j.status <> 'processing'
               OR substr(e.storage_key, 1, length(j.id) + length(CAST(j.attempts AS VARCHAR(12))) + 10)
                  <> 'outputs/' || j.id || '/' || CAST(j.attempts AS VARCHAR(12)) || '-'
            ORDER BY e.job_id LIMIT ?""";

    private final DataSource dataSource;
    private final Storage storage;

    EarlyFiles(DataSource dataSource, Storage storage) {
        this.dataSource = dataSource;
        this.storage = storage;
    }

    private record Left(String jobId, String key, String status, String outputKey) {
        boolean rendition() {
            return "done".equals(status) && outputKey != null && key.startsWith(RenditionKeys.prefix(outputKey));
        }
    }

    /** Notes that {@code key} is about to be stored for the job. */
    void note(String jobId, String key) {
        SqlStatements.update(dataSource, WHAT,
                "INSERT INTO early_files (job_id, storage_key) VALUES (?, ?) ON CONFLICT DO NOTHING", jobId, key);
    }

    /** Forgets the keys, which are deleted or now the job's renditions. */
    void forget(String jobId, Collection<String> keys) {
        for (String key : keys) {
            SqlStatements.update(dataSource, WHAT, "DELETE FROM early_files WHERE job_id = ? AND storage_key = ?",
                    jobId, key);
        }
    }

    /** Deletes the files and forgets them; one storage cannot delete now stays noted, for later. */
    void delete(String jobId, Collection<String> keys) {
        for (String key : keys) {
            try {
                storage.delete(key);
            } catch (RuntimeException e) {
                log.warn("cannot delete {}, stored early by an attempt that did not end done: {}", key, e.toString());
                continue;
            }
            forget(jobId, List.of(key));
        }
    }

    /** Deletes every file the job's earlier attempts left, before a new one starts storing its own. */
    void deleteLeftBy(String jobId) {
        delete(jobId, SqlStatements.query(dataSource, WHAT, rs -> rs.getString(1),
                "SELECT storage_key FROM early_files WHERE job_id = ?", jobId));
    }

    /**
     * Deletes the files of up to a batch of attempts that will not go on with them (their job
     * ended, is gone, or was taken again) and forgets the ledger's notes of a done job's
     * renditions; returns how many files it deleted.
     */
    public int sweep() {
        List<Left> left = SqlStatements.query(dataSource, WHAT,
                rs -> new Left(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)), LEFT, SWEEP_BATCH);
        int deleted = 0;
        for (Left file : left) {
            if (!file.rendition()) {
                storage.delete(file.key());
                deleted++;
            }
            forget(file.jobId(), List.of(file.key()));
        }
        return deleted;
    }
}
