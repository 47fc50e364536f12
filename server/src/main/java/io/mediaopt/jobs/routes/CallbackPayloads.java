package io.mediaopt.jobs.routes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.jobs.Job;
import io.mediaopt.renditions.routes.StableLinks;
import io.mediaopt.storage.Storage;

import java.net.URI;
import java.util.Optional;
import java.util.function.Function;

/**
 * The body of the call announcing a job's end: the job object as {@code GET /api/media/jobs/:id}
 * shows it, without {@code callback} (the state of this very call). Made when the call is sent,
 * so a pre-signed {@code downloadUrl} is fresh on every attempt.
 */
public final class CallbackPayloads implements Function<Job, byte[]> {
    private final DownloadLinks links;
    private final ObjectMapper json;

    public CallbackPayloads(Storage storage, Optional<URI> publicUrl, StableLinks stable, ObjectMapper json) {
        this.links = new DownloadLinks(storage, publicUrl, stable);
        this.json = json;
    }

    @Override
    public byte[] apply(Job job) {
        try {
            return json.writeValueAsBytes(JobView.of(job, links.resultForCallback(job), links.forCallback(job), null)
                    .withKeeping(links.keepingOf(job)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A job cannot be written as JSON", e);
        }
    }
}
