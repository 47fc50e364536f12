package io.mediaopt.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.ErrorCode;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.OutputFormat;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.OutputOptions;
import io.mediaopt.renditions.RenditionRequest;

import static io.mediaopt.jobs.SqlStatements.nullableLong;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/** A job as the jobs table stores it: the row read back, and the columns that need turning into text. */
final class JobRows {
    /** What {@code option_quality} holds for a request's {@code quality=auto}, below any quality it may pin. */
    private static final int STORED_QUALITY_AUTO = 0;

    private final ObjectMapper json;

    JobRows(ObjectMapper json) {
        this.json = json;
    }

    /** The job a row of the jobs table holds. */
    Job read(ResultSet rs) throws SQLException {
        return new Job(
                rs.getString("id"),
                JobStatus.fromWire(rs.getString("status")),
                rs.getString("preset"),
                rs.getString("filename"),
                rs.getLong("input_bytes"),
                mediaFormat(rs.getString("media_format")),
                rs.getString("input_key"),
                rs.getInt("attempts"),
                rs.getLong("created_at"),
                rs.getLong("updated_at"),
                nullableLong(rs, "completed_at"),
                fromJson(rs.getString("result_json")),
                rs.getString("output_key"),
                errorCode(rs.getString("error_code")),
                rs.getString("error_message"),
                rs.getString("lease_owner"),
                nullableLong(rs, "lease_until"),
                callback(rs.getString("callback_url"), rs.getString("callback_origin")),
                rs.getInt("progress"),
                rs.getString("request_id"),
                RenditionRequest.fromStored(rs.getString("renditions")),
                options(rs),
                rs.getString("owner_key_name"));
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
    static Integer storedQuality(OutputOptions options) {
        return options.qualityAuto() ? Integer.valueOf(STORED_QUALITY_AUTO) : options.quality();
    }

    /** The formats an Accept header chose among, as {@code avif,webp}; null when none. */
    static String acceptedText(OutputOptions options) {
        if (options.accepted().isEmpty()) return null;
        return options.accepted().stream().sorted().map(MediaFormat::shortName).collect(Collectors.joining(","));
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
