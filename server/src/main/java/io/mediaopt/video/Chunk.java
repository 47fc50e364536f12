package io.mediaopt.video;

import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;

import java.util.List;

/**
 * One chunk of a long video's encode as its row holds it: which frames of the stored source
 * ({@code seekMicros} to seek to, then {@code frames} frames), the settings every chunk of its
 * plan shares (for AV1, {@code crf} is SVT-AV1's and {@code svtPreset} its speed preset; for an
 * HLS ladder's chunk, {@code ladder} its rungs, null otherwise), where it stands, and the key of
 * its encoded output once done.
 */
record Chunk(String id, String jobId, String plan, int index, String sourceKey, long seekMicros, int frames,
             Strategy strategy, int crf, int maxWidth, int maxBitrateKbps, int svtPreset, ChunkLadder ladder,
             ChunkStatus status, String outputKey) {

    /** The id of chunk {@code index} of {@code plan} of a job: unique, so a plan is inserted once. */
    static String idOf(String jobId, String plan, int index) {
        return jobId + "/" + plan + "/" + index;
    }

    /** The video settings this chunk was planned with (no audio: the audio is encoded once, whole). */
    VideoSettings settings() {
        return new VideoSettings(maxWidth, crf, maxBitrateKbps, 0, List.of(strategy), null,
                new Av1Settings(svtPreset, crf, maxBitrateKbps));
    }
}
