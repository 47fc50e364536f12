package io.mediaopt.routes.renditions;

import io.mediaopt.jobs.routes.EarlyLadders;

import io.javalin.http.Context;
import io.mediaopt.ServiceException;
import io.mediaopt.http.ApiKeys;
import io.mediaopt.jobs.routes.DownloadLinks;
import io.mediaopt.http.StoredBodies;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.JobStatus;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.media.PlainNumbers;
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
import java.util.OptionalInt;

/** A job's renditions and its picture, under the job's own URL and behind the API key. */
final class RenditionHandlers {
    /** The widest picture the picture route is asked for: beyond any screen. */
    private static final int MAX_PICTURE_WIDTH = 10_000;

    private final Jobs jobs;
    private final Storage storage;
    private final StoredBodies bodies;
    private final DownloadLinks links;
    private final ApiKeys keys;
    private final EarlyLadders early;

    RenditionHandlers(Jobs jobs, Storage storage, DownloadLinks links, ApiKeys keys, EarlyLadders early) {
        this.jobs = jobs;
        this.storage = storage;
        this.bodies = new StoredBodies(storage);
        this.links = links;
        this.keys = keys;
        this.early = early;
    }

    /**
     * GET /api/media/jobs/{id}/renditions/{name}: one rendition, with the download's headers and
     * Range; while the job is processing, the files of its HLS ladder once it is playable.
     */
    void rendition(Context ctx) throws IOException {
        String name = ctx.pathParam("name");
        Job processing = jobs.get(ctx.pathParam("id"), keys.caller(ctx));
        if (processing.state().status() == JobStatus.PROCESSING) {
            Optional<PlayableJobs.Playable> ladder = early.of(processing);
            if (ladder.isPresent()) {
                String output = processing.request().filename();
                int dot = output.lastIndexOf('.');
                StoredBodies.downloadHeaders(ctx, (dot > 0 ? output.substring(0, dot) : output) + "-" + name);
                early.send(ctx, ladder.get(), name, n -> n);
                return;
            }
        }
        Job job = jobs.getDone(ctx.pathParam("id"), keys.caller(ctx));
        Rendition rendition = renditionsOf(job).stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> ServiceException.notFound("Job " + job.id() + " has no rendition " + name));
        sendRendition(ctx, job, rendition);
    }

    /**
     * GET /api/media/jobs/{id}/picture?w=: the file of the responsive set a browser would pick
     * for {@code w} device pixels and its Accept header; the answer varies with Accept.
     */
    void picture(Context ctx) throws IOException {
        int width = width(ctx.queryParam("w"));
        Job job = jobs.getDone(ctx.pathParam("id"), keys.caller(ctx));
        ctx.header("Vary", "Accept");
        Rendition rendition = PictureChoice.pick(renditionsOf(job), ctx.header("Accept"), width)
                .orElseThrow(() -> ServiceException.notFound("Job " + job.id() + " has no responsive image set"));
        sendRendition(ctx, job, rendition);
    }

    private void sendRendition(Context ctx, Job job, Rendition rendition) throws IOException {
        String key = RenditionKeys.key(job.state().outputKey(), rendition.name());
        String filename = DownloadLinks.renditionFilename(job, rendition);
        if (!rendition.isPlaylist()) {
            bodies.sendDownload(ctx, key, rendition.contentType(), filename);
            return;
        }
        String stored;
        try (Storage.StoredObject object = storage.open(key)) {
            stored = new String(object.content().readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Rendition> renditions = renditionsOf(job);
        String served = PlaylistUris.rewrite(stored, name -> links.inPlaylist(job, renditions, name));
        StoredBodies.downloadHeaders(ctx, filename);
        StoredBodies.sendBytes(ctx, served.getBytes(StandardCharsets.UTF_8), rendition.contentType(), ctx.header("Range"));
    }

    static List<Rendition> renditionsOf(Job job) {
        List<Rendition> renditions = job.state().result().renditions();
        return renditions == null ? List.of() : renditions;
    }

    /** The {@code w} of a picture request: 1 to {@value #MAX_PICTURE_WIDTH} device pixels. */
    static int width(String text) {
        OptionalInt width = PlainNumbers.whole(text);
        if (width.isPresent() && width.getAsInt() >= 1 && width.getAsInt() <= MAX_PICTURE_WIDTH) return width.getAsInt();
        throw ServiceException.invalidInput("Expected w as a width in device pixels from 1 to " + MAX_PICTURE_WIDTH
                + " in ASCII digits");
    }
}
