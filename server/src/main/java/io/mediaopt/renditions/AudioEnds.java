package io.mediaopt.renditions;

import io.mediaopt.video.VideoTools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a cut of a chunked ladder's first chunks ends its audio ({@link HlsArguments#segmented}):
 * a segment's audio is the packets that decode before its next key frame does, and a rung's key
 * frame decodes its stream's reordering delay before it shows (x264's B-frames), so a cut whose
 * chunks end where the next segment starts ends its audio that much before their end; then its
 * last segment holds the packets the whole cut puts in it, and the same bytes. The chunks' end is
 * where the concat demuxer starts the next one: the sum of their lengths, to the microsecond.
 */
final class AudioEnds {
    private static final Pattern FILE = Pattern.compile("(?m)^file '([^']+)'$");

    private final VideoTools tools;
    private final Duration timeout;
    /** Each chunk's length, s, by file name. */
    private final Map<String, Double> lengths = new HashMap<>();
    /** Per video stream of a chunk (a rung): when its first packet decodes, s, 0 or before its first frame. */
    private double[] firstDecoding;

    AudioEnds(VideoTools tools, Duration timeout) {
        this.tools = tools;
        this.timeout = timeout;
    }

    /** Where each of the {@code rungs} rungs' audio ends in a cut of the chunks that {@code list} names, s. */
    double[] of(Path list, int rungs) throws IOException {
        Matcher files = FILE.matcher(Files.readString(list, StandardCharsets.UTF_8));
        double end = 0;
        while (files.find()) {
            Path chunk = list.resolveSibling(files.group(1));
            if (firstDecoding == null) firstDecoding = firstDecoding(chunk, rungs);
            Double length = lengths.get(chunk.getFileName().toString());
            if (length == null) {
                length = Double.parseDouble(FfmpegRun.output(tools, HlsArguments.length(tools.ffprobe(), chunk),
                        timeout, "length of a chunk").strip());
                lengths.put(chunk.getFileName().toString(), length);
            }
            end += length;
        }
        double[] ends = new double[rungs];
        for (int i = 0; i < rungs; i++) ends[i] = end + firstDecoding[i];
        return ends;
    }

    private double[] firstDecoding(Path chunk, int rungs) {
        double[] first = new double[rungs];
        boolean[] seen = new boolean[rungs];
        String csv = FfmpegRun.output(tools, HlsArguments.decodingTimes(tools.ffprobe(), chunk), timeout,
                "decoding times of a chunk");
        for (String line : csv.lines().toList()) {
            String[] fields = line.strip().split(",");
            if (fields.length < 2 || !fields[0].matches("\\d+") || !fields[1].matches("-?[0-9.]+")) continue;
            int stream = Integer.parseInt(fields[0]);
            if (stream < rungs && !seen[stream]) {
                seen[stream] = true;
                first[stream] = Math.min(0, Double.parseDouble(fields[1]));
            }
        }
        return first;
    }
}
