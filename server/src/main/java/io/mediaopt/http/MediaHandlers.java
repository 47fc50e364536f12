package io.mediaopt.http;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.mediaopt.ServiceException;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.JobRequest;
import io.mediaopt.jobs.JobStatus;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.jobs.SyncAnswer;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.PlainNumbers;
import io.mediaopt.media.Rendition;
import io.mediaopt.renditions.PictureChoice;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.renditions.PlaylistUris;
import io.mediaopt.renditions.RenditionKeys;
import io.mediaopt.storage.Storage;
import io.mediaopt.tokens.JdbcTokenUses;
import io.mediaopt.uploads.ResumableUploads;
import io.mediaopt.webhooks.JdbcDeliveryStore;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/** The media routes: synchronous optimize, job submission, job status and the downloads. */
final class MediaHandlers {
    /** The widest picture the picture route is asked for: beyond any screen. */
    private static final int MAX_PICTURE_WIDTH = 10_000;

    private final Jobs jobs;
    private final Storage storage;
    private final UploadReader uploads;
    private final DownloadLinks links;
    private final JdbcDeliveryStore deliveries;
    private final ApiKeys keys;
    private final ResumableUploads resumable;
    private final StoredBodies bodies;
    private final TokenAccess tokens;
    private final EarlyLadders early;

    MediaHandlers(Jobs jobs, Storage storage, UploadReader uploads, DownloadLinks links, JdbcDeliveryStore deliveries,
                  ApiKeys keys, ResumableUploads resumable, TokenAccess tokens, EarlyLadders early) {
        this.tokens = tokens;
        this.early = early;
        this.jobs = jobs;
        this.storage = storage;
        this.bodies = new StoredBodies(storage);
        this.uploads = uploads;
        this.links = links;
        this.deliveries = deliveries;
        this.keys = keys;
        this.resumable = resumable;
    }

    /**
     * POST /api/media/optimize: the optimized file, or the done job with Accept: application/json.
     * Only the latter gives the caller the job id a callback names, so only it takes a callbackUrl.
     * With format auto, AVIF or WebP in the Accept header may choose among the preset's image formats.
     */
    void optimize(Context ctx) throws IOException {
        SyncAnswer answer;
        boolean json = wantsJson(ctx);
        try (Upload upload = uploads.read(ctx, sender(ctx), json)) {
            answer = jobs.optimizeNow(upload.file(), upload.request().accepting(ctx.header("Accept")),
                    upload.file().resolveSibling(upload.file().getFileName() + ".answer"));
        }
        if (json) {
            // the job object says done and links the download: both hold once it is stored
            try (answer) {
                ctx.json(view(answer.awaitStored(), ctx));
            }
            return;
        }
        OptimizationResult result = answer.result();
        JobRequest request = answer.request();
        ResultHeaders.write(ctx, request.preset().name(), request.inputBytes(), result, request.options());
        ctx.header("Content-Disposition", ContentDisposition.inline(result.filename()));
        Optional<Path> output = answer.output();
        if (output.isPresent()) {
            SyncAnswerBody.send(ctx, answer, output.get(), result.contentType());
        } else {
            bodies.sendObject(ctx, answer.awaitStored().state().outputKey(), result.contentType(), null);
        }
    }

    /** POST /api/media/jobs: 202 with the pending job. */
    void submit(Context ctx) throws IOException {
        Job job;
        try (Upload upload = uploads.read(ctx, sender(ctx), true, sent -> tokens.fields(ctx, sent))) {
            tokens.checkFile(ctx, upload.file());
            job = tokens.once(ctx, () -> jobs.submit(upload.file(), upload.request()),
                    made -> new JdbcTokenUses.Use(null, made.id()));
        }
        ctx.status(HttpStatus.ACCEPTED).json(JobView.submitted(job));
    }

    /** GET /api/media/jobs/{id}: the job as it stands now, which a cache must not keep. */
    void get(Context ctx) {
        ctx.header("Cache-Control", "no-store");
        ctx.json(view(jobs.get(ctx.pathParam("id"), keys.caller(ctx)), ctx));
    }

    /** DELETE /api/media/jobs/{id}: 204 once the job and its files are gone; 404 when there is no such job (again). */
    void delete(Context ctx) {
        jobs.delete(ctx.pathParam("id"), keys.caller(ctx));
        ctx.status(HttpStatus.NO_CONTENT);
    }

    private JobView view(Job job, Context ctx) {
        CallbackView callback = CallbackView.of(job,
                job.request().callback() == null ? Optional.empty() : deliveries.forJob(job.id()));
        JobView view = JobView.of(job, links.resultFor(job, ctx), links.forJob(job, ctx), callback)
                .withUpload(resumable.uploadOfJob(job.id()).orElse(null))
                .withKeeping(links.keepingOf(job));
        return early.withPlayable(view, job, ctx, links);
    }

    private UploadReader.Sender sender(Context ctx) {
        return UploadReader.Sender.of(ctx, keys, links);
    }

    /** GET /api/media/jobs/{id}/download: the stored output, with Range support. */
    void download(Context ctx) throws IOException {
        Job job = jobs.getDone(ctx.pathParam("id"), keys.caller(ctx));
        sendDownload(ctx, job.state().outputKey(), job.state().result().contentType(), job.state().result().filename());
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
                downloadHeaders(ctx, (dot > 0 ? output.substring(0, dot) : output) + "-" + name);
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
            sendDownload(ctx, key, rendition.contentType(), filename);
            return;
        }
        String stored;
        try (Storage.StoredObject object = storage.open(key)) {
            stored = new String(object.content().readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Rendition> renditions = renditionsOf(job);
        String served = PlaylistUris.rewrite(stored, name -> links.inPlaylist(job, renditions, name));
        downloadHeaders(ctx, filename);
        StoredBodies.sendBytes(ctx, served.getBytes(StandardCharsets.UTF_8), rendition.contentType(), ctx.header("Range"));
    }

    private static List<Rendition> renditionsOf(Job job) {
        return job.state().result().renditions() == null ? List.of() : job.state().result().renditions();
    }

    /** The {@code w} of a picture request: 1 to {@value #MAX_PICTURE_WIDTH} device pixels. */
    static int width(String text) {
        OptionalInt width = PlainNumbers.whole(text);
        if (width.isPresent() && width.getAsInt() >= 1 && width.getAsInt() <= MAX_PICTURE_WIDTH) return width.getAsInt();
        throw ServiceException.invalidInput("Expected w as a width in device pixels from 1 to " + MAX_PICTURE_WIDTH
                + " in ASCII digits");
    }

    private void sendDownload(Context ctx, String key, String contentType, String filename) throws IOException {
        downloadHeaders(ctx, filename);
        bodies.sendObject(ctx, key, contentType, ctx.header("Range"));
    }

    private static void downloadHeaders(Context ctx, String filename) {
        ctx.header("Content-Disposition", ContentDisposition.attachment(filename));
        ctx.header("Cache-Control", "no-store");
        ctx.header("Accept-Ranges", "bytes");
    }

    private static boolean wantsJson(Context ctx) {
        String accept = ctx.header("Accept");
        return accept != null && accept.toLowerCase(Locale.ROOT).contains("application/json");
    }
}
