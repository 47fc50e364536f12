package io.mediaopt.http;

import io.javalin.http.Context;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.JobStatus;
import io.mediaopt.storage.Storage;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * The {@code downloadUrl} of a done job: a pre-signed storage URL valid for an hour where the
 * storage offers one, else the service's own download route, made absolute from
 * SERVICE_PUBLIC_URL or the request's scheme and Host.
 */
final class DownloadLinks {
    private static final Duration PRESIGNED_VALIDITY = Duration.ofHours(1);

    private final Storage storage;
    private final Optional<URI> publicUrl;

    DownloadLinks(Storage storage, Optional<URI> publicUrl) {
        this.storage = storage;
        this.publicUrl = publicUrl;
    }

    String forJob(Job job, Context ctx) {
        if (job.status() != JobStatus.DONE) return null;
        return storage.presignedUrl(job.outputKey(), job.result().contentType(),
                        ContentDisposition.attachment(job.result().filename()), PRESIGNED_VALIDITY)
                .map(URI::toString)
                .orElseGet(() -> origin(ctx) + "/api/media/jobs/" + job.id() + "/download");
    }

    private String origin(Context ctx) {
        return publicUrl.map(URI::toString).orElseGet(() -> ctx.scheme() + "://" + ctx.host());
    }
}
