package io.mediaopt.jobs;

import io.mediaopt.renditions.RenditionKeys;
import io.mediaopt.storage.Storage;

/** Every file storage holds for a job: its input, its output and each rendition beside it. */
final class JobFiles {
    private JobFiles() {}

    /** Deletes them all; a file already gone is no failure, so deleting again is harmless. */
    static void delete(Storage storage, Job job) {
        JobState state = job.state();
        if (state.outputKey() != null) {
            if (state.result() != null && state.result().renditions() != null) {
                state.result().renditions().forEach(r -> storage.delete(RenditionKeys.key(state.outputKey(), r.name())));
            }
            storage.delete(state.outputKey());
        }
        if (state.inputKey() != null) storage.delete(state.inputKey());
    }
}
