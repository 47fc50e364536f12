package io.mediaopt.uploads;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The id the job of a resumable upload gets, which follows from the upload's id: a request that
 * retries the making of that job can tell whether an earlier one, on any node, got as far as
 * storing it. The job code draws ids from {@link #orElse}; while an upload's job is being made, that
 * hands out the planned id instead of a fresh one.
 */
public final class PlannedJobIds {
    private static final ScopedValue<String> PLANNED = ScopedValue.newInstance();

    private PlannedJobIds() {}

    /** The id of the job made from the upload. */
    static String of(String uploadId) {
        return UUID.nameUUIDFromBytes(("job-of-upload:" + uploadId).getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** Job ids: the planned one while an upload's job is being made, otherwise one of {@code fresh}. */
    public static Supplier<String> orElse(Supplier<String> fresh) {
        return () -> PLANNED.isBound() ? PLANNED.get() : fresh.get();
    }

    /** Runs {@code making} with {@code jobId} as the id the job it makes gets. */
    static <X extends Exception> void making(String jobId, ScopedValue.CallableOp<Void, X> making) throws X {
        ScopedValue.where(PLANNED, jobId).call(making);
    }
}
