package io.mediaopt.jobs;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.keeping.Keeping;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.OutputOptions;
import io.mediaopt.media.Presets;
import io.mediaopt.renditions.RenditionRequest;

/** Jobs and job stores as tests make them. */
public final class TestJobs {
    public static final Presets PRESETS = Presets.standard();

    private TestJobs() {}

    /** Opens the job store of the database at {@code jdbcUrl}, which knows the standard presets. */
    public static JdbcJobStore open(String jdbcUrl) {
        return JdbcJobStore.open(jdbcUrl, SqlDialect.of(jdbcUrl), new ObjectMapper(), PRESETS);
    }

    /** A request for the preset of this name, with no options, renditions, request id or owner. */
    public static JobRequest request(String preset, String filename, long inputBytes, Callback callback) {
        return new JobRequest(filename, inputBytes, PRESETS.find(preset).orElseThrow(), null, null, callback, null, null);
    }

    /** A job just accepted, its input stored under {@code inputKey}. */
    public static Job pending(String id, String preset, String filename, long inputBytes, MediaFormat media,
                              String inputKey, Callback callback, long now) {
        return new Job(id, JobOrigin.FORM, request(preset, filename, inputBytes, callback), media, JobState.pending(inputKey, now));
    }

    /** A pending JPEG of the web preset, {@code <id>.jpg}, that asks these (each may be null). */
    public static Job asking(String id, long createdAt, OutputOptions options, RenditionRequest renditions,
                             String requestId, String owner) {
        JobRequest request = new JobRequest(id + ".jpg", 100, PRESETS.find("web").orElseThrow(), options, renditions,
                null, requestId, owner);
        return new Job(id, JobOrigin.FORM, request, MediaFormat.JPEG, JobState.pending("inputs/" + id, createdAt));
    }

    /** A pending JPEG of the web preset, {@code <id>.jpg}, kept as {@code keeping} says. */
    public static Job kept(String id, long createdAt, Keeping keeping) {
        JobRequest request = new JobRequest(id + ".jpg", 100, PRESETS.find("web").orElseThrow(), null, null, null, null,
                "alice", keeping);
        return new Job(id, JobOrigin.FORM, request, MediaFormat.JPEG, JobState.pending("inputs/" + id, createdAt));
    }

    /** A synchronous job, processed under {@code lease} from the start. */
    public static Job processingNow(String id, String preset, String filename, long inputBytes, MediaFormat media,
                                    JobStore.Lease lease, Callback callback, long now) {
        return new Job(id, JobOrigin.SYNCHRONOUS, request(preset, filename, inputBytes, callback), media, JobState.processingNow(lease, now));
    }
}
