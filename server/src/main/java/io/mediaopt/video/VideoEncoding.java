package io.mediaopt.video;

import io.mediaopt.media.Attempt;
import io.mediaopt.media.Strategy;

import java.nio.file.Path;

/**
 * What one strategy's ffmpeg run wrote: the output, the CRF it was encoded at, its displayed
 * size and its length (null when the container does not say), both as ffprobe reads them from
 * the output.
 */
record VideoEncoding(Strategy strategy, int crf, Path output, FrameSize size, Double durationSec, long bytes) {

    /** Deletes the output. */
    void delete() {
        VideoEncoder.deleteFile(output);
    }

    /** Deletes the output of an encoded attempt; nothing to do for the others (or null). */
    static void deleteOutputOf(Attempt<VideoEncoding> attempt) {
        if (attempt instanceof Attempt.Encoded<VideoEncoding>(VideoEncoding encoded)) encoded.delete();
    }
}
