package io.mediaopt.jobs.routes;

import io.mediaopt.jobs.JobRequest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A received upload: the media file on disk (owned by this upload until consumed), and the job
 * request the form's fields make.
 */
public record Upload(Path file, JobRequest request) implements AutoCloseable {

    /** Removes the file if nothing consumed it; every request path ends here. */
    @Override
    public void close() throws IOException {
        Files.deleteIfExists(file);
    }
}
