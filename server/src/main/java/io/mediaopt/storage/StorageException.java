package io.mediaopt.storage;

import io.mediaopt.ServiceException;

/** Storage that cannot store or return an object. Reported as an internal failure. */
public final class StorageException extends ServiceException {
    public StorageException(String message, Throwable cause) {
        super(500, "storage-failed", message, cause);
    }
}
