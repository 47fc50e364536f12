package io.mediaopt.video;

import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;

/**
 * One chunk of a long video's encode as its row holds it: which frames of the stored source
 * ({@code seekMicros} to seek to, then {@code frames} frames), the settings every chunk of its
 * plan shares, where it stands, and the key of its encoded output once done.
 */
record Chunk(String id, String jobId, String plan, int index, String sourceKey, long seekMicros, int frames,
             Strategy strategy, int crf, int maxWidth, int maxBitrateKbps, ChunkStatus status, String outputKey) {

    /** The id of chunk {@code index} of {@code plan} of a job: unique, so a plan is inserted once. */
    static String idOf(String jobId, String plan, int index) {
        return jobId + "/" + plan + "/" + index;
    }

    /** The settings of {@code base} with the ones this chunk was planned with. */
    VideoSettings settings(VideoSettings base) {
        return base.withMaxWidth(maxWidth).withCrf(crf).withMaxBitrate(maxBitrateKbps);
    }
}
