package io.mediaopt.video;

import java.util.Optional;

/**
 * What ffmpeg reports about the file it wrote on {@code -progress pipe:1}: frames encoded and
 * the output's length. Reading it costs nothing, where probing the output costs an ffprobe run
 * (most of it loading ffmpeg's libraries, ~0.1 s) on every video.
 */
record FfmpegProgress(long frames, double durationSec) {

    /** The final block of the report; empty unless ffmpeg got to its end with a known length. */
    static Optional<FfmpegProgress> parse(String report) {
        Long frames = null;
        Long outTimeMicros = null;
        boolean ended = false;
        for (String line : report.split("\n")) {
            int eq = line.indexOf('=');
            if (eq < 0) continue;
            String key = line.substring(0, eq).strip();
            String value = line.substring(eq + 1).strip();
            switch (key) {
                case "frame" -> frames = number(value);
                case "out_time_us" -> outTimeMicros = number(value);
                case "progress" -> ended = value.equals("end");
                default -> { }
            }
        }
        if (!ended || frames == null || outTimeMicros == null || outTimeMicros <= 0) return Optional.empty();
        return Optional.of(new FfmpegProgress(frames, outTimeMicros / 1e6));
    }

    private static Long number(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException notANumber) {
            return null; // "N/A" before the first packet
        }
    }
}
