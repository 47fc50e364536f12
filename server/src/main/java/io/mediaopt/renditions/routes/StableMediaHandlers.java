package io.mediaopt.renditions.routes;

import io.mediaopt.http.ContentDisposition;
import io.mediaopt.http.ImmutableCaching;
import io.mediaopt.http.StoredBodies;
import io.javalin.http.Context;
import io.mediaopt.ServiceException;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Rendition;
import io.mediaopt.renditions.PictureChoice;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.renditions.PlaylistUris;
import io.mediaopt.renditions.RenditionKeys;
import io.mediaopt.storage.Storage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The stable routes of kept jobs ({@link StableLinks}): {@code GET /media/{id}/{name}} (a
 * rendition), {@code GET /media/{id}/output/{filename}} and {@code GET /media/{id}/picture?w=}. They need no API key: a public job's
 * files are public, a private job's need a valid signed link. Whatever is wrong (no such job, not
 * kept, not done, unsigned, expired, altered) is one and the same 404, which no cache keeps, so a
 * URL tells nothing of which jobs exist. What they serve never changes, so it is cached for good.
 */
final class StableMediaHandlers {
    private final JobLookup jobs;
    private final Storage storage;
    private final StoredBodies bodies;
    private final StableLinks links;
    private final EarlyLadders early;

    StableMediaHandlers(JobLookup jobs, Storage storage, StableLinks links, EarlyLadders early) {
        this.early = early;
        this.jobs = jobs;
        this.storage = storage;
        this.bodies = new StoredBodies(storage);
        this.links = links;
    }

    /** One file of a kept job: its key in storage, media type, download name and size; a playlist's is rewritten. */
    private record File(String name, String key, String contentType, String filename, long bytes, boolean playlist) {}

    /** GET /media/{id}/{name}; while the job is processing, the files of its HLS ladder once it is playable. */
    void rendition(Context ctx) throws IOException {
        String name = ctx.pathParam("name");
        Optional<JobMedia> processing = jobs.keptProcessing(ctx.pathParam("id"));
        if (processing.isEmpty()) {
            serve(ctx, name);
            return;
        }
        ctx.header("Cache-Control", "no-store");
        JobMedia job = processing.get();
        PlayableJobs.Playable ladder = early.of(job).orElseThrow(StableMediaHandlers::missing);
        if (links.secondsLeft(job, name, ctx.queryParam("exp"), ctx.queryParam("sig")) <= 0) throw missing();
        long expires = expires(ctx.queryParam("exp"));
        ctx.header("Cache-Control", "no-cache");
        ctx.header("Content-Disposition", ContentDisposition.inline(name));
        ctx.header("Accept-Ranges", "bytes");
        early.send(ctx, ladder, name, n -> links.inPlaylist(job, n, expires));
    }

    /** GET /media/{id}/output/{filename} */
    void output(Context ctx) throws IOException {
        serve(ctx, StableLinks.OUTPUT + "/" + ctx.pathParam("filename"));
    }

    /**
     * GET /media/{id}/picture?w=: the file of the responsive set a browser would pick for
     * {@code w} device pixels and its Accept header, as the job's picture route picks it; the
     * answer varies with Accept. A private job's link is signed for the name {@code picture}.
     */
    void picture(Context ctx) throws IOException {
        ctx.header("Vary", "Accept");
        int width = RenditionHandlers.width(ctx.queryParam("w"));
        Access access = access(ctx, StableLinks.PICTURE);
        Rendition chosen = PictureChoice.pick(access.job().renditions(), ctx.header("Accept"), width)
                .orElseThrow(StableMediaHandlers::missing);
        send(ctx, access, fileOf(access.job(), chosen.name()).orElseThrow(StableMediaHandlers::missing));
    }

    private void serve(Context ctx, String name) throws IOException {
        Access access = access(ctx, name);
        send(ctx, access, fileOf(access.job(), name).orElseThrow(StableMediaHandlers::missing));
    }

    /** A kept job whose link may read a name, and how many seconds the link has left. */
    private record Access(JobMedia job, long secondsLeft) {}

    /** The request's kept job when its link may read {@code name}; the one 404 otherwise. */
    private Access access(Context ctx, String name) {
        // refusals are not for caches: a link refused now may be the job's once it is done
        ctx.header("Cache-Control", "no-store");
        JobMedia job = jobs.kept(ctx.pathParam("id")).orElseThrow(StableMediaHandlers::missing);
        long secondsLeft = links.secondsLeft(job, name, ctx.queryParam("exp"), ctx.queryParam("sig"));
        if (secondsLeft <= 0) throw missing();
        return new Access(job, secondsLeft);
    }

    private void send(Context ctx, Access access, File file) throws IOException {
        JobMedia job = access.job();
        long secondsLeft = access.secondsLeft();
        ctx.header("Content-Disposition", ContentDisposition.inline(file.filename()));
        ctx.header("Accept-Ranges", "bytes");
        long completedAt = job.completedAt();
        if (!file.playlist()) {
            if (ImmutableCaching.answer(ctx, ImmutableCaching.etag(file.key(), file.name(), Long.toString(file.bytes())),
                    completedAt, secondsLeft)) return;
            bodies.sendObject(ctx, file.key(), file.contentType(), ctx.header("Range"));
            return;
        }
        byte[] body = playlist(job, file, ctx.queryParam("exp"));
        if (ImmutableCaching.answer(ctx, ImmutableCaching.etag(body), completedAt, secondsLeft)) return;
        StoredBodies.sendBytes(ctx, body, file.contentType(), ctx.header("Range"));
    }

    /** The stored playlist naming its files by the URLs that reach them: bare names, signed like this link when private. */
    private byte[] playlist(JobMedia job, File file, String exp) throws IOException {
        String stored;
        try (Storage.StoredObject object = storage.open(file.key())) {
            stored = new String(object.content().readAllBytes(), StandardCharsets.UTF_8);
        }
        // a private link's exp is checked by now; a public job's playlist names bare names
        long expires = expires(exp);
        List<String> names = job.renditions().stream().map(Rendition::name).toList();
        return PlaylistUris.rewrite(stored, n -> names.contains(n) ? links.inPlaylist(job, n, expires) : n)
                .getBytes(StandardCharsets.UTF_8);
    }

    private static long expires(String exp) {
        return exp != null && exp.matches("[0-9]{1,12}") ? Long.parseLong(exp) : 0;
    }

    private static Optional<File> fileOf(JobMedia job, String name) {
        OptimizationResult result = job.result();
        String outputKey = job.outputKey();
        if (name.equals(StableLinks.outputName(job))) {
            return Optional.of(new File(name, outputKey, result.contentType(), result.filename(), result.outputBytes(),
                    false));
        }
        return job.renditions().stream().filter(r -> r.name().equals(name)).findFirst()
                .map(r -> new File(name, RenditionKeys.key(outputKey, r.name()), r.contentType(),
                        job.renditionFilename(r), r.bytes(), r.isPlaylist()));
    }

    private static ServiceException missing() {
        return ServiceException.notFound("No media at this URL: no such kept job or file, or the link is unsigned, "
                + "expired or altered");
    }
}
