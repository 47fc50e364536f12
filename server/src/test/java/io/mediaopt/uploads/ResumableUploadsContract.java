package io.mediaopt.uploads;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.TestJobs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Expiry and limits of resumable uploads on a real job store, with the clock moved by hand; run on
 * SQLite and on PostgreSQL.
 */
abstract class ResumableUploadsContract {
    private static final Duration EXPIRY = Duration.ofHours(24);

    @TempDir
    Path dir;
    private JdbcJobStore store;
    private final MovableClock clock = new MovableClock();
    private ResumableUploads uploads;

    /** The JDBC URL of an empty database. */
    abstract String databaseUrl() throws Exception;

    @BeforeEach
    void open() throws Exception {
        store = TestJobs.open(databaseUrl());
        uploads = new ResumableUploads(new JdbcUploadStore(store.dataSource()), dir.resolve("resumable"),
                new UploadSettings(EXPIRY, 2), 1_000_000, 500, clock, () -> UUID.randomUUID().toString());
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void anAbandonedUploadExpiresAndItsBytesAreDeleted() throws Exception {
        ResumableUpload upload = uploads.create("alice", 1000, "filename cC5qcGc=");
        uploads.append(upload, 0, 10, new ByteArrayInputStream(new byte[10]), null);
        Path bytes = uploads.bytesOf(upload);
        assertThat(bytes).hasSize(10);

        clock.advance(EXPIRY.minusMinutes(1));
        assertThat(uploads.purgeExpired()).isZero();
        assertThat(uploads.find(upload.id(), "alice").offset()).isEqualTo(10);

        clock.advance(Duration.ofMinutes(2));
        assertThatThrownBy(() -> uploads.find(upload.id(), "alice")).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.NOT_FOUND);
        assertThat(uploads.purgeExpired()).isEqualTo(1);
        assertThat(Files.exists(bytes)).isFalse();
    }

    @Test
    void eachArrivalPushesTheExpiryBack() throws Exception {
        ResumableUpload upload = uploads.create("alice", 1000, "");
        clock.advance(EXPIRY.minusHours(1));
        uploads.append(upload, 0, 10, new ByteArrayInputStream(new byte[10]), null);
        clock.advance(Duration.ofHours(2));
        assertThat(uploads.purgeExpired()).isZero();
        assertThat(uploads.find(upload.id(), "alice").offset()).isEqualTo(10);
    }

    @Test
    void expiredUploadsNoLongerCountAgainstTheKeysLimit() throws Exception {
        uploads.create("alice", 10, "");
        uploads.create("alice", 10, "");
        assertThatThrownBy(() -> uploads.create("alice", 10, "")).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.TOO_MANY_UPLOADS);
        clock.advance(EXPIRY.plusMinutes(1));
        assertThat(uploads.create("alice", 10, "").offset()).isZero();
    }

    private static final class MovableClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
