package io.mediaopt.jobs.routes;

import io.mediaopt.http.KeepView;

import io.javalin.http.Context;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.JobStatus;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Rendition;
import io.mediaopt.renditions.LadderNames;
import io.mediaopt.renditions.PictureSnippet;
import io.mediaopt.renditions.VideoSnippet;
import io.mediaopt.renditions.routes.JobMedia;
import io.mediaopt.renditions.routes.PresignedRenditions;
import io.mediaopt.renditions.routes.StableLinks;
import io.mediaopt.storage.Storage;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * The {@code downloadUrl} of a done job: a pre-signed storage URL valid for an hour where the
 * storage offers one, else the service's own download route, made absolute from
 * SERVICE_PUBLIC_URL or the request's scheme and Host (for a callback, of the request that
 * submitted the job). A kept job's links, its renditions' too, are its {@link StableLinks} instead.
 */
public final class DownloadLinks {
    private final Optional<URI> publicUrl;
    private final StableLinks stable;
    private final PresignedRenditions presigned;

    DownloadLinks(Storage storage, Optional<URI> publicUrl, StableLinks stable) {
        this.publicUrl = publicUrl;
        this.stable = stable;
        this.presigned = new PresignedRenditions(storage);
    }

    /** The {@code keep} object of the job's view; null when it is not kept. */
    public KeepView keepingOf(Job job) {
        return stable.view(JobMediaLookup.mediaOf(job));
    }

    /** The URL of the job's HLS master playlist: the stable one of a kept job, the rendition route's otherwise. */
    public String masterUrl(Job job, Context ctx) {
        String origin = origin(ctx);
        if (job.request().keeping().kept()) {
            return stable.url(JobMediaLookup.mediaOf(job), LadderNames.master(), origin);
        }
        return origin + "/api/media/jobs/" + job.id() + "/renditions/" + LadderNames.master();
    }

    public String forJob(Job job, Context ctx) {
        return forJob(job, origin(ctx));
    }

    /** The link in the callback of a job, signed when it is sent. */
    String forCallback(Job job) {
        return forJob(job, callbackOrigin(job));
    }

    private String callbackOrigin(Job job) {
        return publicUrl.map(URI::toString).orElse(job.request().callback().origin());
    }

    private String forJob(Job job, String origin) {
        if (job.state().status() != JobStatus.DONE) return null;
        if (job.request().keeping().kept()) {
            JobMedia media = JobMediaLookup.mediaOf(job);
            return stable.url(media, StableLinks.outputName(media), origin);
        }
        return presigned.url(job.state().outputKey(), job.state().result().contentType(),
                        job.state().result().filename())
                .orElseGet(() -> origin + "/api/media/jobs/" + job.id() + "/download");
    }

    /**
     * The done job's result with a URL on each rendition (pre-signed, or the service's rendition
     * route) and, for a responsive set, the {@code <picture>} snippet built from them; for video
     * sources, the {@code <video>} snippet.
     */
    public OptimizationResult resultFor(Job job, Context ctx) {
        return resultFor(job, origin(ctx));
    }

    /** The result in the callback of a job, its renditions' links signed when it is sent. */
    OptimizationResult resultForCallback(Job job) {
        return resultFor(job, callbackOrigin(job));
    }

    private OptimizationResult resultFor(Job job, String origin) {
        OptimizationResult result = job.state().result();
        if (job.state().status() != JobStatus.DONE || result.renditions() == null) return result;
        JobMedia media = JobMediaLookup.mediaOf(job);
        List<Rendition> linked = result.renditions().stream()
                .map(r -> r.withUrl(forRendition(media, r, origin))).toList();
        return result.withRenditions(linked, PictureSnippet.of(linked).orElse(null),
                VideoSnippet.of(linked).orElse(null));
    }

    /**
     * A playlist's link is always the service's route, which rewrites what the playlist names
     * ({@link PresignedRenditions#inPlaylist}): the stored playlist names its files by bare name,
     * which a player fed a pre-signed URL of a private bucket could not fetch.
     */
    private String forRendition(JobMedia media, Rendition rendition, String origin) {
        if (media.keeping().kept()) return stable.url(media, rendition.name(), origin);
        String route = origin + "/api/media/jobs/" + media.id() + "/renditions/" + rendition.name();
        if (rendition.isPlaylist()) return route;
        return presigned.url(media, rendition).orElse(route);
    }

    public String origin(Context ctx) {
        return publicUrl.map(URI::toString).orElseGet(() -> ctx.scheme() + "://" + ctx.host());
    }
}
