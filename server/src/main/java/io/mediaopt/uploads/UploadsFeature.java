package io.mediaopt.uploads;

import io.mediaopt.Feature;
import io.mediaopt.storage.Storage;

import javax.sql.DataSource;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.UUID;

/** Resumable and direct uploads: their state in the job database, and the sweep of those left to expire. */
public final class UploadsFeature implements Feature {
    private final ResumableUploads resumable;

    /**
     * {@code dir} holds the pieces this node receives; {@code minBytesPerSecond} is
     * SERVICE_MIN_UPLOAD_RATE (0: no check).
     */
    public UploadsFeature(UploadSettings settings, DataSource database, Storage storage, Path dir, long maxInputBytes,
                          long minBytesPerSecond, Clock clock) {
        this.resumable = new ResumableUploads(new JdbcUploadStore(database), storage, dir, settings, maxInputBytes,
                minBytesPerSecond, clock, () -> UUID.randomUUID().toString());
    }

    public ResumableUploads resumable() {
        return resumable;
    }

    @Override
    public List<Chore> chores() {
        return List.of(new Chore("upload-expiry", resumable::purgeExpired));
    }
}
