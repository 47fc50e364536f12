package io.mediaopt.uploads;

import java.util.ArrayList;
import java.util.List;

/**
 * One resumable upload as the job store keeps it: {@code length} bytes declared at creation,
 * {@code offset} of them received; {@code metadata} the Upload-Metadata header it was created with;
 * {@code owner} the name of the API key that created it (null when keys were off), which alone may
 * resume, read or delete it; {@code expiresAt} when it is deleted unless more bytes arrive;
 * {@code jobId} the job it became once its last byte arrived, null before; {@code parts} the
 * storage objects holding its bytes so far, in order; {@code directKey} the object a client puts
 * the whole file to for an upload straight to the bucket, null for a tus upload.
 */
public record ResumableUpload(String id, String owner, long length, long offset, String metadata, long createdAt,
                              long expiresAt, String jobId, List<String> parts, String directKey) {

    public ResumableUpload {
        parts = List.copyOf(parts);
    }

    public boolean complete() {
        return offset == length;
    }

    public boolean direct() {
        return directKey != null;
    }

    /** Whether the caller with that key name (null: keys are off) may use it. */
    public boolean ownedBy(String keyName) {
        return keyName == null || keyName.equals(owner);
    }

    /** The upload once the bytes from its offset to {@code end} arrived, kept as {@code part} (null: none). */
    ResumableUpload advancedTo(long end, String part, long newExpiry) {
        List<String> now = new ArrayList<>(parts);
        if (part != null) now.add(part);
        return new ResumableUpload(id, owner, length, end, metadata, createdAt, newExpiry, jobId, now, directKey);
    }
}
