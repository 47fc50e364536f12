package io.mediaopt.jobs;

import io.mediaopt.database.JobStoreException;

import io.mediaopt.ErrorCode;
import io.mediaopt.media.MediaException;
import io.mediaopt.storage.DiskSpace;
import io.mediaopt.storage.StorageException;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import static org.assertj.core.api.Assertions.assertThat;

/** Which failures pass by waiting (an outage) and which are the job's own. */
class OutagesTest {
    private static final Outages ROOMY = new Outages(new DiskSpace(Path.of("."), 0));
    private static final Outages CRAMPED = new Outages(new DiskSpace(Path.of("."), Long.MAX_VALUE));

    @Test
    void aDatabaseThatCannotBeReachedIsUnavailableAndAStatementItRefusesIsInternal() {
        assertThat(new JobStoreException("q", new SQLTransientConnectionException("no connection in 1000ms"))
                .errorCode()).isEqualTo(ErrorCode.UNAVAILABLE);
        assertThat(new JobStoreException("q", new SQLException("connection lost", "08006")).status()).isEqualTo(503);
        assertThat(new JobStoreException("q", new SQLException("shutting down", "57P01")).isOutage()).isTrue();
        assertThat(new JobStoreException("q", new SQLiteException("full", SQLiteErrorCode.SQLITE_FULL)).isOutage())
                .isTrue();
        assertThat(new JobStoreException("q", new SQLException("syntax error", "42601")).errorCode())
                .isEqualTo(ErrorCode.INTERNAL);
        assertThat(new JobStoreException("q", new SQLiteException("constraint", SQLiteErrorCode.SQLITE_CONSTRAINT))
                .isOutage()).isFalse();
    }

    @Test
    void storageThatCannotBeReachedOrIsFullPassesAndARefusalDoesNot() {
        assertThat(storage(SdkClientException.create("Connection refused")).status()).isEqualTo(503);
        assertThat(storage(S3Exception.builder().statusCode(503).message("SlowDown").build()).status()).isEqualTo(503);
        assertThat(storage(S3Exception.builder().statusCode(429).build()).isOutage()).isTrue();
        assertThat(storage(new IOException("No space left on device")).status()).isEqualTo(507);
        assertThat(storage(S3Exception.builder().statusCode(403).build()).status()).isEqualTo(500);
        assertThat(storage(S3Exception.builder().statusCode(404).build()).isOutage()).isFalse();
        assertThat(storage(new IOException("Permission denied")).isOutage()).isFalse();
    }

    @Test
    void anEncodeThatFailsOnADiskBelowTheMinimumIsTakenForAFullDisk() {
        MediaException encode = MediaException.encodeFailed("every strategy failed", null);
        assertThat(ROOMY.behind(encode)).isEmpty();
        assertThat(CRAMPED.behind(encode)).get().satisfies(outage -> assertThat(outage.status()).isEqualTo(507));
        assertThat(CRAMPED.behind(MediaException.unreadable("truncated", null))).as("the input's fault").isEmpty();
        assertThat(ROOMY.behind(new IOException("write failed: No space left on device")))
                .get().satisfies(outage -> assertThat(outage.code()).isEqualTo("storage-failed"));
        assertThat(ROOMY.behind(new RuntimeException(storage(SdkClientException.create("timed out"))))).isPresent();
    }

    private static StorageException storage(Throwable cause) {
        return new StorageException("storage failed", cause);
    }
}
