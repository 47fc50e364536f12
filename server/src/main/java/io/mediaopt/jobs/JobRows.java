package io.mediaopt.jobs;


import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.ErrorCode;
import io.mediaopt.keeping.Keeping;
import io.mediaopt.keeping.Visibility;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.OutputFormat;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.OutputOptions;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.renditions.RenditionRequest;

import static io.mediaopt.database.SqlStatements.nullableLong;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A job as the jobs table stores it: the row read back, and the values an insert writes. The one
 * place where stored names become objects and back (a preset's name, a format's short name, an
 * error's code).
 */
final class JobRows {
    /** What {@code option_quality} holds for a request's {@code quality=auto}, below any quality it may pin. */
    private static final int STORED_QUALITY_AUTO = 0;

    private final ObjectMapper json;
    private final Presets presets;

    JobRows(ObjectMapper json, Presets presets) {
        this.json = json;
        this.presets = presets;
    }

    /** The job a row of the jobs table holds. */
    Job read(ResultSet rs) throws SQLException {
        JobRequest request = new JobRequest(
                rs.getString("filename"),
                rs.getLong("input_bytes"),
                preset(rs.getString("preset")),
                options(rs),
                RenditionRequest.fromStored(rs.getString("renditions")),
                callback(rs.getString("callback_url"), rs.getString("callback_origin")),
                rs.getString("request_id"),
                rs.getString("owner_key_name"),
                keeping(rs));
        JobStatus status = JobStatus.fromWire(rs.getString("status"));
        JobState state = new JobState(
                status,
                rs.getString("input_key"),
                rs.getInt("attempts"),
                rs.getLong("created_at"),
                rs.getLong("updated_at"),
                lease(rs),
                outcome(status, rs),
                rs.getInt("progress"));
        return new Job(rs.getString("id"), JobOrigin.fromWire(rs.getString("origin")), request, mediaFormat(rs.getString("media_format")), state);
    }

    /** The values {@link #INSERT} writes, in its order. */
    static Object[] insertValues(Job job) {
        JobRequest request = job.request();
        JobState state = job.state();
        Callback callback = request.callback();
        OutputOptions options = request.options();
        return new Object[] {job.id(), state.status().wireName(), request.preset().name(), request.filename(),
                request.inputBytes(), job.media().kind().wireName(), job.media().shortName(), job.media().contentType(),
                state.inputKey(), state.attempts(), state.createdAt(), state.updatedAt(), state.leaseOwner(),
                state.leaseUntil(), callback == null ? null : callback.url(), callback == null ? null : callback.origin(),
                request.requestId(), request.renditions().stored(), storedQuality(options),
                options.format() == null ? null : options.format().shortName(), options.width(), acceptedText(options),
                request.owner(), keptAs(request.keeping()), request.keeping().keepHours(),
                request.keeping().linkTtlSec(), job.origin().wireName()};
    }

    static final String INSERT = """
            INSERT INTO jobs (id, status, preset, filename, input_bytes, media_kind, media_format,
                              media_type, input_key, attempts, created_at, updated_at, lease_owner, lease_until,
                              callback_url, callback_origin, request_id, renditions,
                              option_quality, option_format, option_width, accepted_formats, owner_key_name,
                              kept_as, keep_hours, link_ttl_sec, origin)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";

    private Preset preset(String name) {
        return presets.find(name).orElseThrow(() -> new IllegalStateException("Stored job has an unknown preset " + name));
    }

    private static OutputOptions options(ResultSet rs) throws SQLException {
        Long quality = nullableLong(rs, "option_quality");
        String format = rs.getString("option_format");
        Long width = nullableLong(rs, "option_width");
        String accepted = rs.getString("accepted_formats");
        boolean auto = quality != null && quality == STORED_QUALITY_AUTO;
        return new OutputOptions(quality == null || auto ? null : quality.intValue(),
                format == null ? null : outputFormat(format), width == null ? null : width.intValue(),
                accepted == null ? Set.of() : Arrays.stream(accepted.split(",")).map(JobRows::mediaFormat)
                        .collect(Collectors.toSet()), auto);
    }

    /**
     * The {@code option_quality} column: the pinned quality (1 to 100), {@value #STORED_QUALITY_AUTO}
     * for a request that asked for {@code quality=auto}, null for the service's default.
     */
    private static Integer storedQuality(OutputOptions options) {
        return options.qualityAuto() ? Integer.valueOf(STORED_QUALITY_AUTO) : options.quality();
    }

    /** The formats an Accept header chose among, as {@code avif,webp}; null when none. */
    private static String acceptedText(OutputOptions options) {
        if (options.accepted().isEmpty()) return null;
        return options.accepted().stream().sorted().map(MediaFormat::shortName).collect(Collectors.joining(","));
    }

    private static Keeping keeping(ResultSet rs) throws SQLException {
        String keptAs = rs.getString("kept_as");
        if (keptAs == null) return Keeping.NONE;
        return new Keeping(Visibility.fromWire(keptAs)
                .orElseThrow(() -> new IllegalStateException("Stored job has an unknown visibility " + keptAs)),
                nullableLong(rs, "keep_hours"), nullableLong(rs, "link_ttl_sec"));
    }

    private static String keptAs(Keeping keeping) {
        return keeping.kept() ? keeping.keptAs().wireName() : null;
    }

    private static Callback callback(String url, String origin) {
        return url == null ? null : new Callback(url, origin);
    }

    private static OutputFormat outputFormat(String shortName) {
        return OutputFormat.fromShortName(shortName)
                .orElseThrow(() -> new IllegalStateException("Stored job has an unknown format " + shortName));
    }

    private static MediaFormat mediaFormat(String shortName) {
        return MediaFormat.fromShortName(shortName)
                .orElseThrow(() -> new IllegalStateException("Stored job has an unknown format " + shortName));
    }

    private static Optional<JobStore.Lease> lease(ResultSet rs) throws SQLException {
        String owner = rs.getString("lease_owner");
        return owner == null ? Optional.empty() : Optional.of(new JobStore.Lease(owner, rs.getLong("lease_until")));
    }

    /** How an ended job ended, from the columns its ending statement wrote; empty while it runs. */
    private Optional<JobOutcome> outcome(JobStatus status, ResultSet rs) throws SQLException {
        long completedAt = rs.getLong("completed_at");
        return switch (status) {
            case DONE -> Optional.of(new JobOutcome.Done(completedAt, fromJson(rs.getString("result_json")),
                    rs.getString("output_key")));
            case FAILED -> Optional.of(new JobOutcome.Failed(completedAt, errorCode(rs.getString("error_code")),
                    rs.getString("error_message")));
            case PENDING, PROCESSING -> Optional.empty();
        };
    }

    /** A code no version of the service records would be a stored failure all the same. */
    private static ErrorCode errorCode(String wireName) {
        return wireName == null ? null : ErrorCode.fromWire(wireName).orElse(ErrorCode.INTERNAL);
    }


    /** The result as the result_json column holds it. */
    String resultJson(OptimizationResult result) {
        try {
            return json.writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private OptimizationResult fromJson(String text) {
        if (text == null) return null;
        try {
            return json.readValue(text, OptimizationResult.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored job result is not readable", e);
        }
    }
}
