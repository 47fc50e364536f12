package io.mediaopt.uploads;

import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/**
 * The bytes of unfinished resumable uploads, kept in the service's storage (the bucket, or the
 * output directory) as one object per piece that arrived, so that any node can take the next piece
 * and any node can put the whole file together once the last one lands. A piece's name is new for
 * every request, so two requests racing for the same offset never overwrite each other's bytes.
 */
final class UploadParts {
    private static final Logger log = LoggerFactory.getLogger(UploadParts.class);
    private static final String PREFIX = "upload-parts/";

    private final Storage storage;
    private final Path dir;

    /** {@code dir} is this node's directory for the files it puts together. */
    UploadParts(Storage storage, Path dir) {
        this.storage = storage;
        this.dir = dir;
    }

    /** Stores the piece of the upload that starts at byte {@code first} (consumed); returns its name. */
    String keep(String uploadId, long first, Path piece) {
        String key = PREFIX + uploadId + "/" + first + "-" + UUID.randomUUID();
        storage.put(key, piece, "application/octet-stream");
        return key;
    }

    /** The whole upload as a new local file of this node, now the caller's. */
    Path assemble(ResumableUpload upload) throws IOException {
        Files.createDirectories(dir);
        Path whole = dir.resolve("whole-" + upload.id() + "-" + UUID.randomUUID());
        List<String> parts = upload.parts();
        try {
            if (parts.size() == 1) {
                storage.copyTo(parts.getFirst(), whole);
            } else {
                try (OutputStream out = Files.newOutputStream(whole)) {
                    for (String part : parts) {
                        try (Storage.StoredObject piece = storage.open(part)) {
                            piece.content().transferTo(out);
                        }
                    }
                }
            }
            if (Files.size(whole) != upload.length()) {
                throw new StorageException("The pieces of upload " + upload.id() + " hold " + Files.size(whole)
                        + " bytes instead of " + upload.length(), null);
            }
            return whole;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(whole);
            throw e;
        }
    }

    /** Deletes the pieces; {@link StorageException} when one cannot be. */
    void delete(List<String> parts) {
        for (String part : parts) storage.delete(part);
    }

    /** Deletes the pieces if it can; what is left is deleted with the expired upload. */
    void deleteQuietly(List<String> parts) {
        try {
            delete(parts);
        } catch (StorageException e) {
            log.warn("cannot delete pieces of an upload yet; the expiry sweep deletes them", e);
        }
    }
}
