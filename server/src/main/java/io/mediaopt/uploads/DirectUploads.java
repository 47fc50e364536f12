package io.mediaopt.uploads;

import io.mediaopt.ServiceException;
import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageException;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Uploads straight to the bucket: the client PUTs the file to a pre-signed URL, and completing
 * the upload makes the job from the object where it lies. Its size is the object's and its kind
 * is sniffed from its first bytes, whatever the client declared; no other byte passes the node.
 * The upload is a row of the resumable uploads' table, so it shares their limit per key, their
 * expiry (which deletes an object never completed) and their making of the job exactly once.
 */
public final class DirectUploads {
    /** How long the PUT URL is valid. */
    public static final Duration URL_VALIDITY = Duration.ofMinutes(15);
    /** The bytes read for sniffing: the sniffer's head (two MPEG-TS packets) with room to spare. */
    private static final int HEAD_BYTES = 1024;
    private static final String PREFIX = "direct-uploads/";

    private final ResumableUploads uploads;
    private final Storage storage;

    public DirectUploads(ResumableUploads uploads, Storage storage) {
        this.uploads = uploads;
        this.storage = storage;
    }

    /** A started upload: its id, and where the client PUTs the file until when. */
    public record Started(String uploadId, URI url, Instant urlExpiresAt) {}

    /**
     * Starts an upload of {@code size} bytes of {@code contentType} for the key named {@code owner}
     * (null: keys off), whose job asks for what {@code metadata} (tus's Upload-Metadata) says.
     */
    public Started start(String owner, long size, String contentType, String metadata) {
        uploads.checkLength(size);
        String id = uploads.newId();
        String key = PREFIX + id;
        Instant until = uploads.now().plus(URL_VALIDITY);
        URI url = storage.presignedPut(key, contentType, size, URL_VALIDITY).orElseThrow(() ->
                ServiceException.notSupported("Uploads straight to the bucket need S3 storage"
                        + " (SERVICE_OBJECT_BUCKET); send the file to /api/uploads or /api/media/jobs instead"));
        uploads.create(id, owner, size, metadata, key, Optional.empty());
        return new Started(id, url, until);
    }

    /** The upload, when the caller named {@code keyName} (null: keys off) may use it. */
    public ResumableUpload find(String id, String keyName) {
        return uploads.find(id, keyName, true);
    }

    /** Makes a direct upload's job from the object where it lies. */
    @FunctionalInterface
    public interface JobMaker {
        /** Queues the object at {@code inputKey} as the job {@code jobId}; {@code head} is its first bytes, for sniffing; {@code size} its size. */
        void make(String jobId, String inputKey, long size, byte[] head) throws IOException;
    }

    /**
     * Makes the upload's job once (see {@link ResumableUploads#finish}) and returns its id, or
     * empty while another request is making it. An object not in the bucket yet is
     * {@link DirectUploadNotReadyException}; one over the input limit, or one the job refuses, deletes
     * the upload with its object.
     */
    public Optional<String> complete(ResumableUpload upload, JobMaker maker) throws IOException {
        if (upload.jobId() != null) return Optional.of(upload.jobId());
        String key = upload.directKey();
        long size;
        try {
            size = storage.size(key);
        } catch (StorageException e) {
            throw ServiceException.notReady("Nothing is stored at the upload's URL yet (or the bucket cannot"
                    + " be reached); PUT the file there, then complete the upload");
        }
        return uploads.finishOnce(upload, jobId -> {
            if (size > uploads.maxInputBytes()) throw ServiceException.tooLarge(uploads.maxInputBytes());
            maker.make(jobId, key, size, head(key, size));
        });
    }

    private byte[] head(String key, long size) throws IOException {
        if (size == 0) return new byte[0];
        try (Storage.StoredObject object = storage.openRange(key, 0, Math.min(size, HEAD_BYTES))) {
            return object.content().readAllBytes();
        }
    }
}
