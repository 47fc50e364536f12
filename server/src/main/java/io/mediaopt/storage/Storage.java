package io.mediaopt.storage;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Where inputs of queued jobs and encoded outputs are kept. Keys are relative, slash-separated
 * names chosen by the service (never by clients). Writes are atomic: a reader sees the whole
 * object or none. Every storage fails the same way: whatever keeps an object from being stored,
 * read or deleted (a missing object, a full disk, a refused permission, a service that cannot be
 * reached) is a {@link StorageException}, answered as {@code storage-failed}.
 */
public interface Storage {

    /** Stores the file under the key; the source may be moved away (it is consumed). */
    void put(String key, Path source, String contentType);

    /** Opens the object for reading; {@link StorageException} when it does not exist. */
    StoredObject open(String key);

    /**
     * Opens {@code length} bytes of the object from byte {@code first} on, for a ranged download,
     * without reading what comes before; the stored object's size is the range's length.
     */
    StoredObject openRange(String key, long first, long length);

    /**
     * The file the object is kept in when this storage is a local directory (which the HTTP
     * server can send itself); empty for any other storage. The file may not exist.
     */
    default Optional<Path> localFile(String key) {
        return Optional.empty();
    }

    /** The object's size in bytes; {@link StorageException} when it does not exist. */
    long size(String key);

    /** Makes the object available as a local file at target (a link or a copy). */
    void copyTo(String key, Path target);

    /** Deletes the object; deleting a missing key is not an error. */
    void delete(String key);

    /**
     * A URL a client can fetch the object from without the service, valid for the given time,
     * answering with the given Content-Type and Content-Disposition; empty when this storage has
     * none (the service then serves downloads itself).
     */
    Optional<URI> presignedUrl(String key, String contentType, String contentDisposition, Duration validity);

    /**
     * A URL a client can PUT exactly {@code size} bytes of type {@code contentType} to, storing
     * them under the key without the service, valid for the given time; empty when this storage
     * has none.
     */
    Optional<URI> presignedPut(String key, String contentType, long size, Duration validity);

    /**
     * Throws {@link StorageException} at once while the storage is known to be out of reach, so a
     * request that will need it is not kept waiting for something else first; storage that is
     * never out of reach in that way does nothing.
     */
    default void refuseWhileUnreachable() {}

    /** Throws when the storage cannot be used; for the health check. */
    void check() throws IOException;

    /** An object being read: its bytes and size. Close it when done. */
    record StoredObject(InputStream content, long size) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            content.close();
        }
    }
}
