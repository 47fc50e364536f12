package io.mediaopt.jobs;

import io.mediaopt.database.JobStoreException;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import io.mediaopt.storage.DiskSpace;
import io.mediaopt.storage.StorageException;

import java.util.Optional;

/**
 * Tells a failure that an outage caused (the job database or storage unreachable, the disk
 * full) from a failure of the job itself. The first passes, so a queued job that met it is tried
 * again once the dependency is back; the second is the job's answer.
 */
public final class Outages {
    private final DiskSpace workDisk;

    /** {@code workDisk}: where jobs encode, asked when an encode fails without saying why. */
    public Outages(DiskSpace workDisk) {
        this.workDisk = workDisk;
    }

    /** The outage behind the failure, as the exception its request is answered with; empty when none. */
    public Optional<ServiceException> behind(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof JobStoreException store) return store.isOutage() ? Optional.of(store) : Optional.empty();
            if (t instanceof StorageException storage) {
                return storage.isOutage() ? Optional.of(storage) : Optional.empty();
            }
            if (StorageException.isDiskFull(t)) return Optional.of(diskFull(failure));
        }
        // an encoder that could not write its output says so only in its own words, if at all
        boolean encoderFailed = !(failure instanceof ServiceException e) || e.errorCode() == ErrorCode.ENCODE_FAILED
                || e.errorCode() == ErrorCode.INTERNAL;
        return encoderFailed && workDisk.low() ? Optional.of(diskFull(failure)) : Optional.empty();
    }

    private static StorageException diskFull(Throwable failure) {
        return new StorageException(StorageException.Fault.FULL, "The disk is too full to encode or store the file",
                failure);
    }
}
