package io.mediaopt.storage;

import java.io.IOException;

/**
 * The connection to object storage failed while an object's body was being read (a read that
 * timed out on a stalled server, a connection cut mid-body): object storage out of reach, as a
 * call that cannot connect is, not a fault of the object or of the caller.
 */
final class ObjectReadFailed extends IOException {
    private static final long serialVersionUID = 1L;

    ObjectReadFailed(IOException cause) {
        super("object storage stopped answering in the middle of an object: " + cause.getMessage(), cause);
    }
}
