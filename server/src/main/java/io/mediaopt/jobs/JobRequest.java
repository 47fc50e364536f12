package io.mediaopt.jobs;

import io.mediaopt.keeping.Keeping;
import io.mediaopt.media.OutputOptions;
import io.mediaopt.media.Preset;
import io.mediaopt.renditions.RenditionRequest;

/**
 * What one submission asks, read and checked once where it arrives (the form or a resumable
 * upload's metadata) and carried whole to the worker: the safe version of the client's file name,
 * the input's size, the {@code preset}, what it asks of its output beyond the preset
 * ({@code options}, never null), the extra outputs ({@code renditions}, never null), where to
 * tell the caller that the job ended ({@code callback}, null for none), the x-request-id of the
 * request that made it ({@code requestId}, for the log lines of its work on whichever node runs
 * it), and the name of the API key that submitted it ({@code owner}, null when keys are off),
 * which alone may see the job; whether it is kept ({@code keeping}, never null).
 */
public record JobRequest(String filename, long inputBytes, Preset preset, OutputOptions options,
                         RenditionRequest renditions, Callback callback, String requestId, String owner,
                         Keeping keeping) {

    public JobRequest {
        if (options == null) options = OutputOptions.NONE;
        if (renditions == null) renditions = RenditionRequest.NONE;
        if (keeping == null) keeping = Keeping.NONE;
    }

    /** A request for a job that is not kept. */
    public JobRequest(String filename, long inputBytes, Preset preset, OutputOptions options,
                      RenditionRequest renditions, Callback callback, String requestId, String owner) {
        this(filename, inputBytes, preset, options, renditions, callback, requestId, owner, Keeping.NONE);
    }

    /** The same request, letting an Accept header choose among the preset's image formats. */
    public JobRequest accepting(String acceptHeader) {
        return new JobRequest(filename, inputBytes, preset, options.accepting(acceptHeader), renditions, callback,
                requestId, owner, keeping);
    }
}
