package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.Integration;
import io.mediaopt.S3TestServer;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.storage.LocalStorage;
import io.mediaopt.storage.S3Connection;
import io.mediaopt.storage.S3Storage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

@Integration
class RetentionTest {
    private static final MediaFormat PNG = MediaFormat.PNG;

    @TempDir
    Path dir;

    @Test
    void deletesJobsAndTheirFilesOnceTheyHaveBeenFinishedLongEnough() throws Exception {
        LocalStorage storage = new LocalStorage(dir);
        try (JdbcJobStore store = TestJobs.open("jdbc:sqlite:" + dir.resolve("jobs.db"))) {
            long hour = Duration.ofHours(1).toMillis();
            store.insert(TestJobs.pending("old", "web", "a.png", 1, PNG, "inputs/old", null, 0));
            store.claimNext(new JobStore.Lease("n", hour), 3, 0);
            storage.put("outputs/old/output.webp", Files.writeString(dir.resolve("o1"), "x"), "image/webp");
            store.markDone("old", "n", null, "outputs/old/output.webp", hour);
            store.insert(TestJobs.pending("recent", "web", "b.png", 1, PNG, "inputs/recent", null, 0));
            store.claimNext(new JobStore.Lease("n", 30 * hour), 3, 0);
            storage.put("outputs/recent/output.webp", Files.writeString(dir.resolve("o2"), "y"), "image/webp");
            store.markDone("recent", "n", null, "outputs/recent/output.webp", 20 * hour);
            store.insert(TestJobs.pending("waiting", "web", "c.png", 1, PNG, "inputs/waiting", null, 0));

            Clock now = Clock.fixed(Instant.ofEpochMilli(26 * hour), ZoneOffset.UTC);
            int purged = new Retention(store, storage, Duration.ofHours(24), now).purgeExpired();

            assertThat(purged).isEqualTo(1);
            assertThat(store.find("old")).isEmpty();
            assertThat(dir.resolve("outputs/old")).doesNotExist();
            assertThat(store.find("recent")).isPresent();
            assertThat(dir.resolve("outputs/recent/output.webp")).exists();
            assertThat(store.find("waiting")).isPresent();
        }
    }

    @Test
    void deletesTheObjectsOfExpiredJobsFromABucketToo() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(); S3Connection connection = s3.connect();
             JdbcJobStore store = TestJobs.open("jdbc:sqlite:" + dir.resolve("jobs.db"))) {
            S3Storage storage = new S3Storage(connection, S3TestServer.BUCKET, S3Storage.PartSizes.STANDARD);
            store.insert(TestJobs.pending("old", "web", "a.png", 1, PNG, "inputs/old", null, 0));
            store.claimNext(new JobStore.Lease("n", 100), 3, 0);
            storage.put("inputs/old", Files.writeString(dir.resolve("i1"), "left over"), "image/png");
            storage.put("outputs/old/output.webp", Files.writeString(dir.resolve("o1"), "x"), "image/webp");
            store.markDone("old", "n", null, "outputs/old/output.webp", 0);

            Clock now = Clock.fixed(Instant.ofEpochMilli(Duration.ofHours(25).toMillis()), ZoneOffset.UTC);
            int purged = new Retention(store, storage, Duration.ofHours(24), now).purgeExpired();

            assertThat(purged).isEqualTo(1);
            assertThat(store.find("old")).isEmpty();
            assertThat(s3.holds("outputs/old/output.webp")).isFalse();
            assertThat(s3.holds("inputs/old")).isFalse();
        }
    }

    @Test
    void zeroKeepsEverythingForever() throws Exception {
        try (JdbcJobStore store = TestJobs.open("jdbc:sqlite:" + dir.resolve("jobs.db"))) {
            store.insert(TestJobs.pending("j", "web", "a.png", 1, PNG, "inputs/j", null, 0));
            store.markFailed("j", null, ErrorCode.UNREADABLE_MEDIA, "no", 1);
            Retention retention = new Retention(store, new LocalStorage(dir), Duration.ZERO, Clock.systemUTC());
            assertThat(retention.purgeExpired()).isZero();
            assertThat(store.find("j")).isPresent();
        }
    }
}
