package io.mediaopt.video;

import io.mediaopt.media.Progress;

import java.util.function.Consumer;

/**
 * Turns the lines of ffmpeg's {@code -progress} report into a percentage of the input's length:
 * {@code out_time_us} (how much of the output is written) against the probed duration. The probe
 * may run beside the first encode and answer after it: what was written by then is reported
 * when the duration arrives. 100 is kept for the stored output, so an encode reports at most 99.
 */
final class EncodeProgress implements Consumer<String> {
    private static final String OUT_TIME = "out_time_us=";
    private static final int MAX_WHILE_ENCODING = 99;

    private final Progress progress;
    private volatile double durationMicros;
    private volatile long writtenMicros = -1;

    EncodeProgress(Progress progress) {
        this.progress = progress;
    }

    void durationKnown(double seconds) {
        if (seconds <= 0) return;
        durationMicros = seconds * 1e6;
        report();
    }

    /** A video encoded in chunks goes by the chunks done. */
    void chunksDone(int done, int total) {
        if (total > 0) progress.reached(Math.clamp(done * MAX_WHILE_ENCODING / total, 0, MAX_WHILE_ENCODING));
    }

    @Override
    public void accept(String line) {
        if (!line.startsWith(OUT_TIME)) return;
        try {
            writtenMicros = Long.parseLong(line.substring(OUT_TIME.length()).strip());
        } catch (NumberFormatException notYet) {
            return; // "N/A" before the first packet
        }
        report();
    }

    private void report() {
        double duration = durationMicros;
        long written = writtenMicros;
        if (duration <= 0 || written < 0) return;
        progress.reached((int) Math.clamp(written * 100.0 / duration, 0, MAX_WHILE_ENCODING));
    }
}
