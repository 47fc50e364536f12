package io.mediaopt.storage;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/**
 * Storage that cannot store or return an object: a full disk, an object store that is down or
 * refuses the credentials. Reported as a server failure; jobs it ends fail with its code.
 */
public final class StorageException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public StorageException(String message, Throwable cause) {
        super(ErrorCode.STORAGE_FAILED, message, cause);
    }
}
