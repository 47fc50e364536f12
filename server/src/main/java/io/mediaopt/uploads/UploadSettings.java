package io.mediaopt.uploads;

import java.time.Duration;

/**
 * The limits of resumable uploads: how long one may go without a byte before it is deleted
 * (SERVICE_UPLOAD_EXPIRY_HOURS), and how many unfinished ones each key may hold
 * (SERVICE_MAX_OPEN_UPLOADS; with keys off, all callers share that many).
 */
public record UploadSettings(Duration expiry, int maxOpenPerKey) {}
