package io.mediaopt.video;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.media.MediaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * Reads a file's container and streams with ffprobe, locked down like every ffmpeg call.
 * A file ffprobe cannot read is unreadable media; one it reads too slowly is a timeout.
 */
public final class Ffprobe {
    private static final Logger log = LoggerFactory.getLogger(Ffprobe.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> INTERLACED_FIELD_ORDERS = Set.of("tt", "bb", "tb", "bt");

    private final VideoTools tools;
    private final Duration timeout;

    public Ffprobe(VideoTools tools, Duration timeout) {
        this.tools = tools;
        this.timeout = timeout;
    }

    public ProbeReport probe(Path file) {
        ProcessResult result = run(FfmpegArguments.probe(tools.ffprobe(), file));
        if (result.timedOut()) {
            log.warn("ffprobe ran past {} ms on {}", timeout.toMillis(), file);
            throw MediaException.timeout("Reading the video's metadata took longer than " + timeout.toMillis() + " ms");
        }
        if (!result.succeeded() || result.stdoutTruncated()) {
            log.info("ffprobe exited with {} on {}: {}", result.exitCode(), file, result.stderrTail().strip());
            throw MediaException.unreadable("The video cannot be read (corrupt, truncated or not a video)", null);
        }
        try {
            return parse(result.stdout());
        } catch (IOException | IllegalArgumentException e) {
            log.info("ffprobe output for {} could not be parsed", file, e);
            throw MediaException.unreadable("The video cannot be read (corrupt, truncated or not a video)", e);
        }
    }

    private ProcessResult run(List<String> command) {
        try {
            return tools.runner().run(command, timeout);
        } catch (IOException e) {
            throw new UncheckedIOException("ffprobe could not be started", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Probing the video was interrupted");
        }
    }

    /** Parses ffprobe's {@code -print_format json -show_format -show_streams} output. */
    static ProbeReport parse(String json) throws JsonProcessingException {
        JsonNode root = JSON.readTree(json);
        if (root == null || !root.path("format").isObject()) {
            throw new IllegalArgumentException("Expected a format object in ffprobe's output");
        }
        JsonNode format = root.path("format");
        List<ProbedStream> streams = new ArrayList<>();
        for (JsonNode s : root.path("streams")) {
            streams.add(new ProbedStream(
                    s.path("index").asInt(),
                    text(s, "codec_type"),
                    text(s, "codec_name"),
                    s.path("width").asInt(0),
                    s.path("height").asInt(0),
                    text(s, "pix_fmt"),
                    number(s, "duration"),
                    whole(s, "bit_rate"),
                    rotation(s),
                    s.path("disposition").path("attached_pic").asInt(0) == 1,
                    color(s),
                    dolbyVision(s),
                    "1".equals(text(s.path("tags"), "alpha_mode")),
                    INTERLACED_FIELD_ORDERS.contains(String.valueOf(text(s, "field_order")))));
        }
        return new ProbeReport(text(format, "format_name"), number(format, "duration"), whole(format, "bit_rate"), streams);
    }

    /** Display-matrix side data in current ffmpeg; the rotate tag in files from older writers. */
    private static int rotation(JsonNode stream) {
        for (JsonNode side : stream.path("side_data_list")) {
            if (side.has("rotation")) return normalized(side.path("rotation").asDouble());
        }
        Double tag = number(stream.path("tags"), "rotate");
        return tag == null ? 0 : normalized(tag);
    }

    private static ProbedColor color(JsonNode stream) {
        return ProbedColor.of(text(stream, "color_range"), text(stream, "color_space"), text(stream, "color_transfer"),
                text(stream, "color_primaries"), ProbedColor.bitDepthOf(text(stream, "pix_fmt")));
    }

    private static DolbyVision dolbyVision(JsonNode stream) {
        for (JsonNode side : stream.path("side_data_list")) {
            if ("DOVI configuration record".equals(text(side, "side_data_type"))) {
                return new DolbyVision(side.path("dv_profile").asInt(0), side.path("dv_bl_signal_compatibility_id").asInt(0));
            }
        }
        return null;
    }

    private static int normalized(double degrees) {
        int quarterTurns = (int) Math.round(degrees / 90.0);
        return Math.floorMod(quarterTurns * 90, 360);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    /** ffprobe writes numbers as strings and "N/A" when it does not know. */
    private static Double number(JsonNode node, String field) {
        String value = text(node, field);
        if (value == null) return null;
        try {
            double parsed = Double.parseDouble(value);
            return Double.isFinite(parsed) ? parsed : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Long whole(JsonNode node, String field) {
        Double value = number(node, field);
        return value == null ? null : value.longValue();
    }
}
