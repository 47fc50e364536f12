package io.mediaopt.storage;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.util.Locale;

/**
 * Storage that cannot store or return an object, answered as {@code storage-failed}. What kept
 * it from doing so decides the status: storage that cannot be reached (refused or lost
 * connections, timeouts, object storage answering 5xx or slowing requests down) is {@code 503},
 * a full disk {@code 507}, both passing once the operator or the service is back; anything else
 * (refused keys, a missing bucket or object) is {@code 500}, which waiting does not mend.
 */
public final class StorageException extends ServiceException {
    private static final long serialVersionUID = 1L;
    private static final int THROTTLED = 429;

    /** Why storage failed, as far as waiting is concerned. */
    public enum Fault {
        /** Waiting mends nothing: access denied, a missing bucket or object, a bad request. */
        PERMANENT(500),
        /** Storage could not be reached or was overloaded. */
        UNREACHABLE(503),
        /** The disk has no room left. */
        FULL(507);

        private final int status;

        Fault(int status) {
            this.status = status;
        }
    }

    private final Fault fault;

    public StorageException(String message, Throwable cause) {
        this(faultOf(cause), message, cause);
    }

    public StorageException(Fault fault, String message, Throwable cause) {
        super(ErrorCode.STORAGE_FAILED, message, cause);
        this.fault = fault;
    }

    public Fault fault() {
        return fault;
    }

    /** Whether the failure passes by itself or once space is freed, so a job is worth trying again. */
    public boolean isOutage() {
        return fault != Fault.PERMANENT;
    }

    @Override
    public int status() {
        return fault.status;
    }

    /** The fault behind a failure of the disk or of object storage. */
    public static Fault faultOf(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (isDiskFull(t)) return Fault.FULL;
            if (t instanceof S3Exception s3) {
                return s3.statusCode() >= 500 || s3.statusCode() == THROTTLED ? Fault.UNREACHABLE : Fault.PERMANENT;
            }
            if (t instanceof SdkClientException || t instanceof ObjectReadFailed) return Fault.UNREACHABLE;
        }
        return Fault.PERMANENT;
    }

    /** The operating system's words for a full disk or an exhausted quota (ENOSPC, EDQUOT). */
    public static boolean isDiskFull(Throwable t) {
        String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
        return message.contains("no space left on device") || message.contains("disk quota exceeded");
    }
}
