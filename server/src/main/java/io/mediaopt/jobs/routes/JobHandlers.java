package io.mediaopt.jobs.routes;

import io.mediaopt.http.ApiKeys;
import io.mediaopt.http.ContentDisposition;
import io.mediaopt.http.ResultHeaders;
import io.mediaopt.http.StoredBodies;
import io.mediaopt.tokens.TokenAccess;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.JobRequest;
import io.mediaopt.jobs.JobStatus;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.jobs.SyncAnswer;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.storage.Storage;
import io.mediaopt.tokens.JdbcTokenUses;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** The job routes: synchronous optimize, job submission, job status, deletion and the download. */
final class JobHandlers {
    private final Jobs jobs;
    private final UploadReader uploads;
    private final DownloadLinks links;
    private final JobRoutes.Callbacks callbacks;
    private final ApiKeys keys;
    private final JobRoutes.UploadsOfJobs uploadsOfJobs;
    private final StoredBodies bodies;
    private final TokenAccess tokens;
    private final PlayableJobs playable;

    JobHandlers(Jobs jobs, Storage storage, UploadReader uploads, DownloadLinks links, JobRoutes.Callbacks callbacks,
                  ApiKeys keys, JobRoutes.UploadsOfJobs uploadsOfJobs, TokenAccess tokens, PlayableJobs playable) {
        this.tokens = tokens;
        this.playable = playable;
        this.jobs = jobs;
        this.bodies = new StoredBodies(storage);
        this.uploads = uploads;
        this.links = links;
        this.callbacks = callbacks;
        this.keys = keys;
        this.uploadsOfJobs = uploadsOfJobs;
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
        JobView view = JobView.of(job, links.resultFor(job, ctx), links.forJob(job, ctx), callbacks.of(job))
                .withUpload(uploadsOfJobs.uploadOfJob(job.id()).orElse(null))
                .withKeeping(links.keepingOf(job));
        JobStatus status = job.state().status();
        if (status != JobStatus.PROCESSING && status != JobStatus.DONE) return view;
        // once the HLS ladder of the job's attempt is playable: since when, and its master playlist
        return playable.of(job.id(), job.state().attempts())
                .map(p -> view.withPlayable(p.at(), links.masterUrl(job, ctx))).orElse(view);
    }

    private UploadReader.Sender sender(Context ctx) {
        return UploadReader.Sender.of(ctx, keys, links);
    }

    /** GET /api/media/jobs/{id}/download: the stored output, with Range support. */
    void download(Context ctx) throws IOException {
        Job job = jobs.getDone(ctx.pathParam("id"), keys.caller(ctx));
        bodies.sendDownload(ctx, job.state().outputKey(), job.state().result().contentType(),
                job.state().result().filename());
    }

    private static boolean wantsJson(Context ctx) {
        String accept = ctx.header("Accept");
        return accept != null && accept.toLowerCase(Locale.ROOT).contains("application/json");
    }
}
