package io.mediaopt.uploads;

import io.mediaopt.ErrorCode;
import io.mediaopt.MovableClock;
import io.mediaopt.ServiceException;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.TestJobs;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.storage.LocalStorage;
import io.mediaopt.storage.StorageException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

/**
 * Expiry and limits of resumable uploads on a real job store, with the clock moved by hand; run on
 * SQLite and on PostgreSQL.
 */
abstract class ResumableUploadsContract {
    private static final Duration EXPIRY = Duration.ofHours(24);

    @TempDir
    Path dir;
    private JdbcJobStore store;
    private final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private ResumableUploads uploads;
    private LocalStorage storage;

    /** The JDBC URL of an empty database. */
    abstract String databaseUrl() throws Exception;

    @BeforeEach
    void open() throws Exception {
        store = TestJobs.open(databaseUrl());
        storage = new LocalStorage(dir.resolve("storage"));
        uploads = node("a");
    }

    /** The uploads as one node sees them: the same database and storage, a directory of its own. */
    private ResumableUploads node(String name) {
        return new ResumableUploads(new JdbcUploadStore(store.dataSource()), storage, dir.resolve(name),
                new UploadSettings(EXPIRY, 2), 1_000_000, 500, clock, () -> UUID.randomUUID().toString());
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void anAbandonedUploadExpiresAndItsBytesAreDeleted() throws Exception {
        ResumableUpload upload = uploads.create("alice", 1000, "filename cC5qcGc=");
        String piece = uploads.append(upload, 0, 10, new ByteArrayInputStream(new byte[10]), null).parts().getFirst();
        assertThat(storage.size(piece)).isEqualTo(10);

        clock.advance(EXPIRY.minusMinutes(1));
        assertThat(uploads.purgeExpired()).isZero();
        assertThat(uploads.find(upload.id(), "alice").offset()).isEqualTo(10);

        clock.advance(Duration.ofMinutes(2));
        assertThatThrownBy(() -> uploads.find(upload.id(), "alice")).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.NOT_FOUND);
        assertThat(uploads.purgeExpired()).isEqualTo(1);
        assertThatThrownBy(() -> storage.size(piece)).isInstanceOf(StorageException.class);
    }

    @Test
    void anUploadBegunOnOneNodeIsFinishedOnAnotherFromTheSharedPieces() throws Exception {
        ResumableUpload upload = uploads.create("alice", 6, "");
        uploads.append(upload, 0, 2, new ByteArrayInputStream(new byte[] {1, 2}), null);
        ResumableUploads other = node("b");
        ResumableUpload complete = other.append(other.find(upload.id(), "alice"), 2, 4,
                new ByteArrayInputStream(new byte[] {3, 4, 5, 6}), null);
        assertThatThrownBy(() -> uploads.append(upload, 2, 1, new ByteArrayInputStream(new byte[] {9}), null))
                .isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.OFFSET_MISMATCH);

        List<byte[]> made = new ArrayList<>();
        String jobId = other.finish(complete, (id, bytes) -> made.add(Files.readAllBytes(bytes))).orElseThrow();
        assertThat(made).containsExactly(new byte[] {1, 2, 3, 4, 5, 6});
        assertThat(jobId).isEqualTo(ResumableUploads.jobIdOf(upload.id()));
        for (String piece : complete.parts()) {
            assertThatThrownBy(() -> storage.size(piece)).as("piece deleted").isInstanceOf(StorageException.class);
        }
    }

    @Test
    void aJobStoredByANodeThatStoppedBeforeRecordingItIsRecordedNotMadeAgain() throws Exception {
        ResumableUpload complete = completeUpload();
        JdbcUploadStore state = new JdbcUploadStore(store.dataSource());
        // the stopped node claimed the making and stored the job, and recorded nothing more
        assertThat(state.claimFinishing(complete.id(), clock.millis(), clock.millis() + 1)).isTrue();
        String planned = ResumableUploads.jobIdOf(complete.id());
        insertJob(planned);

        ResumableUploads other = node("b");
        assertThat(other.finish(other.find(complete.id(), "alice"), (jobId, bytes) -> fail("made twice"))).isEmpty();
        clock.advance(Duration.ofMinutes(6));
        assertThat(other.finish(other.find(complete.id(), "alice"), (jobId, bytes) -> fail("made twice"))).contains(planned);
        assertThat(other.find(complete.id(), "alice").jobId()).isEqualTo(planned);
        assertThat(other.uploadOfJob(planned)).contains(complete.id());
    }

    @Test
    void aCompleteUploadWhoseNodeStoppedBeforeMakingItsJobIsFoundByAnyNodeOnceQuiet() throws Exception {
        ResumableUpload upload = uploads.create("alice", 3, "", "https://media.example", "request-1");
        ResumableUpload complete = uploads.append(upload, 0, 3, new ByteArrayInputStream(new byte[] {7, 8, 9}), null);
        ResumableUpload unfinished = uploads.create("alice", 5, "", "https://media.example", "request-2");
        uploads.append(unfinished, 0, 2, new ByteArrayInputStream(new byte[] {1, 2}), null);
        ResumableUploads other = node("b");
        assertThat(other.stranded()).as("while its own request may still make the job").isEmpty();

        clock.advance(Duration.ofMinutes(6));
        List<JdbcUploadStore.Stranded> stranded = other.stranded();
        assertThat(stranded).singleElement().satisfies(s -> {
            assertThat(s.upload().id()).isEqualTo(complete.id());
            assertThat(s.origin()).isEqualTo("https://media.example");
            assertThat(s.requestId()).isEqualTo("request-1");
        });
        List<byte[]> made = new ArrayList<>();
        assertThat(other.finish(stranded.getFirst().upload(), (jobId, bytes) -> {
            made.add(Files.readAllBytes(bytes));
            insertJob(jobId);
        })).contains(ResumableUploads.jobIdOf(complete.id()));
        assertThat(made).containsExactly(new byte[] {7, 8, 9});
        assertThat(other.stranded()).as("made once").isEmpty();
    }

    @Test
    void twoRequestsFinishingAtOnceMakeOneJob() throws Exception {
        ResumableUpload complete = completeUpload();
        CountDownLatch making = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger made = new AtomicInteger();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Optional<String>> first = executor.submit(() -> uploads.finish(complete, (jobId, bytes) -> {
                made.incrementAndGet();
                making.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new InterruptedIOException();
                }
                insertJob(jobId);
            }));
            making.await();
            ResumableUploads other = node("b");
            assertThat(other.finish(complete, (jobId, bytes) -> made.incrementAndGet())).as("while the first makes it").isEmpty();
            release.countDown();
            assertThat(first.get()).contains(ResumableUploads.jobIdOf(complete.id()));
            assertThat(other.finish(other.find(complete.id(), "alice"), (jobId, bytes) -> made.incrementAndGet()))
                    .contains(ResumableUploads.jobIdOf(complete.id()));
        }
        assertThat(made).hasValue(1);
    }

    @Test
    void anOutageWhileMakingTheJobLeavesTheUploadForARetryAndARefusalDeletesIt() throws Exception {
        ResumableUpload complete = completeUpload();
        assertThatThrownBy(() -> uploads.finish(complete, (jobId, bytes) -> {
            throw new StorageException("object storage cannot be reached", null);
        })).isInstanceOf(StorageException.class);
        assertThat(uploads.finish(uploads.find(complete.id(), "alice"), (jobId, bytes) -> { })).isPresent();

        ResumableUpload refused = completeUpload();
        assertThatThrownBy(() -> uploads.finish(refused, (jobId, bytes) -> {
            throw ServiceException.invalidInput("not a picture");
        })).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT);
        assertThatThrownBy(() -> uploads.find(refused.id(), "alice")).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.NOT_FOUND);
        assertThatThrownBy(() -> storage.size(refused.parts().getFirst())).isInstanceOf(StorageException.class);
    }

    @Test
    void anObjectPutStraightToTheBucketButNeverCompletedIsDeletedWhenItExpires() throws Exception {
        ResumableUpload abandoned = uploads.create("never", "alice", 3, "", "direct-uploads/never", Optional.empty());
        ResumableUpload completed = uploads.create("done", "alice", 3, "", "direct-uploads/done", Optional.empty());
        for (ResumableUpload upload : List.of(abandoned, completed)) {
            Path file = Files.write(dir.resolve(upload.id()), new byte[] {1, 2, 3});
            storage.put(upload.directKey(), file, "image/png");
        }
        assertThatThrownBy(() -> uploads.find("never", "alice")).as("not a tus upload")
                .isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.NOT_FOUND);
        assertThat(uploads.finishOnce(completed, jobId -> { })).isPresent();

        clock.advance(EXPIRY.plusMinutes(1));
        assertThat(uploads.purgeExpired()).isEqualTo(2);
        assertThatThrownBy(() -> storage.size("direct-uploads/never")).isInstanceOf(StorageException.class);
        assertThat(storage.size("direct-uploads/done")).as("the job's input, deleted when the job ends").isEqualTo(3);
    }

    private ResumableUpload completeUpload() throws Exception {
        ResumableUpload upload = uploads.create("alice", 3, "");
        return uploads.append(upload, 0, 3, new ByteArrayInputStream(new byte[] {7, 8, 9}), null);
    }

    private void insertJob(String id) {
        store.insert(TestJobs.pending(id, "web", "a.png", 3, MediaFormat.PNG, "inputs/" + id, null, clock.millis()));
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
}
