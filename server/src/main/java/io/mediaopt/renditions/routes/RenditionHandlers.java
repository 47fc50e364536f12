package io.mediaopt.renditions.routes;

import io.javalin.http.Context;
import io.mediaopt.ServiceException;
import io.mediaopt.http.ApiKeys;
import io.mediaopt.http.StoredBodies;
import io.mediaopt.media.PlainNumbers;
import io.mediaopt.media.Rendition;
import io.mediaopt.renditions.PictureChoice;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.renditions.PlaylistUris;
import io.mediaopt.renditions.RenditionKeys;
import io.mediaopt.storage.Storage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalInt;

/** A job's renditions and its picture, under the job's own URL and behind the API key. */
final class RenditionHandlers {
    /** The widest picture the picture route is asked for: beyond any screen. */
    private static final int MAX_PICTURE_WIDTH = 10_000;

    private final JobLookup jobs;
    private final Storage storage;
    private final StoredBodies bodies;
    private final PresignedRenditions presigned;
    private final ApiKeys keys;
    private final EarlyLadders early;

    RenditionHandlers(JobLookup jobs, Storage storage, ApiKeys keys, EarlyLadders early) {
        this.jobs = jobs;
        this.storage = storage;
        this.bodies = new StoredBodies(storage);
        this.presigned = new PresignedRenditions(storage);
        this.keys = keys;
        this.early = early;
    }

    /**
     * GET /api/media/jobs/{id}/renditions/{name}: one rendition, with the download's headers and
     * Range; while the job is processing, the files of its HLS ladder once it is playable.
     */
    void rendition(Context ctx) throws IOException {
        String name = ctx.pathParam("name");
        Optional<JobMedia> processing = jobs.processing(ctx.pathParam("id"), keys.caller(ctx));
        Optional<PlayableJobs.Playable> ladder = processing.flatMap(early::of);
        if (ladder.isPresent()) {
            StoredBodies.downloadHeaders(ctx, processing.get().earlyFilename(name));
            early.send(ctx, ladder.get(), name, n -> n);
            return;
        }
        JobMedia job = jobs.done(ctx.pathParam("id"), keys.caller(ctx));
        Rendition rendition = job.renditions().stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> ServiceException.notFound("Job " + job.id() + " has no rendition " + name));
        sendRendition(ctx, job, rendition);
    }

    /**
     * GET /api/media/jobs/{id}/picture?w=: the file of the responsive set a browser would pick
     * for {@code w} device pixels and its Accept header; the answer varies with Accept.
     */
    void picture(Context ctx) throws IOException {
        int width = width(ctx.queryParam("w"));
        JobMedia job = jobs.done(ctx.pathParam("id"), keys.caller(ctx));
        ctx.header("Vary", "Accept");
        Rendition rendition = PictureChoice.pick(job.renditions(), ctx.header("Accept"), width)
                .orElseThrow(() -> ServiceException.notFound("Job " + job.id() + " has no responsive image set"));
        sendRendition(ctx, job, rendition);
    }

    private void sendRendition(Context ctx, JobMedia job, Rendition rendition) throws IOException {
        String key = RenditionKeys.key(job.outputKey(), rendition.name());
        String filename = job.renditionFilename(rendition);
        if (!rendition.isPlaylist()) {
            bodies.sendDownload(ctx, key, rendition.contentType(), filename);
            return;
        }
        String stored;
        try (Storage.StoredObject object = storage.open(key)) {
            stored = new String(object.content().readAllBytes(), StandardCharsets.UTF_8);
        }
        String served = PlaylistUris.rewrite(stored, name -> presigned.inPlaylist(job, name));
        StoredBodies.downloadHeaders(ctx, filename);
        StoredBodies.sendBytes(ctx, served.getBytes(StandardCharsets.UTF_8), rendition.contentType(), ctx.header("Range"));
    }

    /** The {@code w} of a picture request: 1 to {@value #MAX_PICTURE_WIDTH} device pixels. */
    static int width(String text) {
        OptionalInt width = PlainNumbers.whole(text);
        if (width.isPresent() && width.getAsInt() >= 1 && width.getAsInt() <= MAX_PICTURE_WIDTH) return width.getAsInt();
        throw ServiceException.invalidInput("Expected w as a width in device pixels from 1 to " + MAX_PICTURE_WIDTH
                + " in ASCII digits");
    }
}
