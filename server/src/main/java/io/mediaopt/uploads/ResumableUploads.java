package io.mediaopt.uploads;

import io.mediaopt.ServiceException;
import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Resumable uploads: their state in the job database ({@link JdbcUploadStore}), their bytes in the
 * service's storage ({@link UploadParts}) until the last byte arrives, so any node can go on with
 * an upload another began; {@code dir} holds only the piece a request is receiving. Creation refuses a length over
 * SERVICE_MAX_INPUT_BYTES and a key over its number of open uploads; appending refuses the wrong
 * offset and any byte past the declared length, and keeps what arrived before a connection broke.
 */
public final class ResumableUploads {
    private static final Logger log = LoggerFactory.getLogger(ResumableUploads.class);
    private static final int PURGE_BATCH = 200;

    private final JdbcUploadStore store;
    private final UploadParts parts;
    private final UploadSettings settings;
    private final long maxInputBytes;
    private final UploadWriter writer;
    private final Clock clock;
    private final Supplier<String> ids;
    /** How long a request may take to make an upload's job before another may take over. */
    private static final Duration FINISHING = Duration.ofMinutes(5);

    /**
     * {@code minBytesPerSecond} is SERVICE_MIN_UPLOAD_RATE (0: no check): a body arriving slower on
     * average is cut off, checked per request (Jetty's own check counts the bytes of every request
     * the server has read, so it lets a trickle through once the server has read enough of others).
     */
    public ResumableUploads(JdbcUploadStore store, Storage storage, Path dir, UploadSettings settings,
                            long maxInputBytes, long minBytesPerSecond, Clock clock, Supplier<String> ids) {
        this.store = store;
        this.parts = new UploadParts(storage, dir);
        this.settings = settings;
        this.maxInputBytes = maxInputBytes;
        this.writer = new UploadWriter(store, parts, dir, settings, new PieceReceiver(minBytesPerSecond), clock);
        this.clock = clock;
        this.ids = ids;
    }

    public long maxInputBytes() {
        return maxInputBytes;
    }

    /** Refuses a declared length the service would never take. */
    public void checkLength(long length) {
        if (length > maxInputBytes) throw ServiceException.tooLarge(maxInputBytes);
        if (length <= 0) throw ServiceException.invalidInput("Expected an Upload-Length of at least 1 byte");
    }

    /**
     * A new, empty upload of {@code length} bytes for the key named {@code owner} (null: keys off),
     * remembering who sent it: the origin its callback's links are made from and its request's id,
     * so that any node can make its job should the one that takes its last byte stop first
     * ({@link #stranded}).
     */
    public ResumableUpload create(String owner, long length, String metadata, String origin, String requestId) {
        return create(ids.get(), owner, length, metadata, null, Optional.of(new Sender(origin, requestId)));
    }

    /** A new upload with no sender on record, which only its client's requests finish. */
    ResumableUpload create(String owner, long length, String metadata) {
        return create(ids.get(), owner, length, metadata, null, Optional.empty());
    }

    /**
     * Complete uploads whose job nobody made: the node that took the last byte stopped first, and
     * the client has not asked since. One whose last byte arrived under {@link #FINISHING} ago is
     * left to the request that may still be making it.
     */
    public List<JdbcUploadStore.Stranded> stranded() {
        long now = clock.millis();
        return store.stranded(now, now - FINISHING.toMillis() + settings.expiry().toMillis(), PURGE_BATCH);
    }

    /** A new upload; {@code directKey} is the object a client puts the file to, null for tus. */
    ResumableUpload create(String id, String owner, long length, String metadata, String directKey,
                           Optional<Sender> sender) {
        checkLength(length);
        long now = clock.millis();
        if (store.countOpen(owner, now) >= settings.maxOpenPerKey()) {
            throw ServiceException.tooManyUploads("This key already has " + settings.maxOpenPerKey()
                    + " unfinished uploads; finish or delete one first");
        }
        ResumableUpload upload = new ResumableUpload(id, owner, length, 0, metadata == null ? "" : metadata,
                now, now + settings.expiry().toMillis(), null, List.of(), directKey);
        store.insert(upload, sender.map(Sender::origin).orElse(null), sender.map(Sender::requestId).orElse(null));
        return upload;
    }

    /** Who sent an upload: the origin its callback's links are made from, and its request's id. */
    record Sender(String origin, String requestId) {}

    String newId() {
        return ids.get();
    }

    Instant now() {
        return clock.instant();
    }

    /** The upload, when the caller named {@code keyName} (null: keys off) may use it and it has not expired. */
    public ResumableUpload find(String id, String keyName) {
        writer.awaitWriter(id);
        return find(id, keyName, false);
    }

    /** The upload, tus or straight to the bucket, when the caller may use it and it has not expired. */
    ResumableUpload find(String id, String keyName, boolean direct) {
        return store.find(id, clock.millis()).filter(u -> u.ownedBy(keyName) && u.direct() == direct)
                .orElseThrow(() -> ServiceException.notFound("No upload " + id));
    }

    /**
     * Writes {@code body} at {@code offset} and returns the upload as it then stands
     * ({@link UploadWriter#append}).
     */
    public ResumableUpload append(ResumableUpload upload, long offset, long declaredLength, InputStream body,
                                  BodyChecksum checksum) throws IOException {
        return writer.append(upload, offset, declaredLength, body, checksum);
    }

    /** Makes the job of a complete upload from its bytes, a file of this node the maker consumes. */
    @FunctionalInterface
    public interface JobMaker {
        /** Queues {@code bytes} as the job of id {@code jobId}. */
        void make(String jobId, Path bytes) throws IOException;
    }

    /**
     * Makes the job of a complete upload once, whichever request or node asks and however often:
     * the request that claims the making builds the file and has {@code maker} queue it under the
     * upload's planned job id; one that finds that job stored (its maker stopped before recording
     * it) only records it. Returns the job's id, or empty while another request is making it. A file
     * the job refuses (a 4xx failure) deletes the upload; any other failure leaves it to a retry.
     */
    public Optional<String> finish(ResumableUpload upload, JobMaker maker) throws IOException {
        return finishOnce(upload, jobId -> {
            Path whole = parts.assemble(upload);
            try {
                maker.make(jobId, whole);
            } finally {
                Files.deleteIfExists(whole);
            }
        });
    }

    /** A step that makes an upload's job, under the id planned for it. */
    @FunctionalInterface
    interface Making {
        void make(String jobId) throws IOException;
    }

    /** {@link #finish} for any upload whose bytes are all stored: {@code making} makes the job. */
    Optional<String> finishOnce(ResumableUpload upload, Making making) throws IOException {
        if (upload.jobId() != null) return Optional.of(upload.jobId());
        long now = clock.millis();
        if (!store.claimFinishing(upload.id(), now, now + FINISHING.toMillis())) {
            return store.find(upload.id(), now).map(ResumableUpload::jobId);
        }
        String jobId = jobIdOf(upload.id());
        if (!store.jobExists(jobId)) {
            try {
                making.make(jobId);
            } catch (ServiceException e) {
                if (e.status() < 500) delete(upload);
                else store.releaseFinishing(upload.id());
                throw e;
            } catch (IOException | RuntimeException e) {
                store.releaseFinishing(upload.id());
                throw e;
            }
        }
        store.becameJob(upload.id(), jobId);
        parts.deleteQuietly(upload.parts());
        return Optional.of(jobId);
    }

    /**
     * The id the job of a resumable upload gets, which follows from the upload's id: a request that
     * retries the making of that job can tell whether an earlier one, on any node, got as far as
     * storing it.
     */
    public static String jobIdOf(String uploadId) {
        return UUID.nameUUIDFromBytes(("job-of-upload:" + uploadId).getBytes(StandardCharsets.UTF_8)).toString();
    }

    public Optional<String> uploadOfJob(String jobId) {
        return store.uploadOfJob(jobId);
    }

    /** Deletes the upload and its bytes; and the object of one sent straight to the bucket unless its job has it. */
    public void delete(ResumableUpload upload) {
        parts.delete(upload.parts());
        if (upload.direct() && upload.jobId() == null) parts.delete(List.of(upload.directKey()));
        store.delete(upload.id());
    }

    /** Deletes every upload that expired, with its bytes; returns how many. */
    public int purgeExpired() {
        int purged = 0;
        List<ResumableUpload> batch;
        do {
            batch = store.expiredBefore(clock.millis(), PURGE_BATCH);
            for (ResumableUpload upload : batch) {
                try {
                    delete(upload);
                    purged++;
                } catch (RuntimeException e) {
                    log.warn("cannot delete expired upload {}", upload.id(), e);
                }
            }
        } while (batch.size() == PURGE_BATCH && purged > 0);
        if (purged > 0) log.info("deleted {} expired uploads", purged);
        return purged;
    }
}
