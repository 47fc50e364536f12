package io.mediaopt.video;

import java.util.Optional;

/**
 * What ffmpeg reports about the file it wrote on {@code -progress pipe:1}: the frames encoded,
 * which tells an encode that wrote no picture. Its last {@code out_time} is not the output's
 * length (the start of the last packet, not its end: 3.900 s for a 4 s clip of 120 frames,
 * 0.000065 s for a one-frame clip), so lengths and sizes are read from the output by ffprobe.
 */
record FfmpegProgress(long frames) {

    /** The final block of the report; empty unless ffmpeg got to its end. */
    static Optional<FfmpegProgress> parse(String report) {
        Long frames = null;
        boolean ended = false;
        for (String line : report.split("\n")) {
            int eq = line.indexOf('=');
            if (eq < 0) continue;
            String key = line.substring(0, eq).strip();
            String value = line.substring(eq + 1).strip();
            switch (key) {
                case "frame" -> frames = number(value);
                case "progress" -> ended = value.equals("end");
                default -> { }
            }
        }
        if (!ended || frames == null) return Optional.empty();
        return Optional.of(new FfmpegProgress(frames));
    }

    private static Long number(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException notANumber) {
            return null; // "N/A" before the first packet
        }
    }
}
