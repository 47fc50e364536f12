package io.mediaopt.video;

import io.mediaopt.media.Strategy;

import java.nio.file.Path;

/** What one strategy's ffmpeg run left behind. */
sealed interface Attempt permits Attempt.Encoded, Attempt.Failed, Attempt.Unreadable, Attempt.TimedOut {

    /**
     * An output, the CRF it was encoded at, its displayed size and its length (null when the
     * container does not say), both as ffprobe reads them from the output.
     */
    record Encoded(Strategy strategy, int crf, Path output, FrameSize size, Double durationSec, long bytes)
            implements Attempt {}

    /** ffmpeg failed or wrote nothing usable; its output is gone. */
    record Failed() implements Attempt {}

    /** ffmpeg stopped because the input ends early or is corrupt; no other strategy can do better. */
    record Unreadable() implements Attempt {}

    /** ffmpeg ran past its time and was killed; its output is gone. */
    record TimedOut() implements Attempt {}

    /** Deletes the output of an encoded attempt; nothing to do for the others (or null). */
    static void discard(Attempt attempt) {
        if (attempt instanceof Encoded encoded) VideoEncoder.deleteFile(encoded.output());
    }
}
