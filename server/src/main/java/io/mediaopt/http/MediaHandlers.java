package io.mediaopt.http;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.storage.Storage;

import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/** The media routes: synchronous optimize, job submission, job status and download. */
final class MediaHandlers {
    private final Jobs jobs;
    private final Storage storage;
    private final UploadReader uploads;
    private final DownloadLinks links;

    MediaHandlers(Jobs jobs, Storage storage, UploadReader uploads, DownloadLinks links) {
        this.jobs = jobs;
        this.storage = storage;
        this.uploads = uploads;
        this.links = links;
    }

    /** POST /api/media/optimize: the optimized file, or the done job with Accept: application/json. */
    void optimize(Context ctx) throws IOException {
        Job job;
        try (Upload upload = uploads.read(ctx)) {
            job = jobs.optimizeNow(upload.file(), upload.filename(), upload.preset());
        }
        if (wantsJson(ctx)) {
            ctx.json(JobView.of(job, links.forJob(job, ctx)));
            return;
        }
        OptimizationResult result = job.result();
        ResultHeaders.write(ctx, job.preset(), job.inputBytes(), result);
        ctx.header("Content-Disposition", ContentDisposition.inline(result.filename()));
        sendOutput(ctx, job, null);
    }

    /** POST /api/media/jobs: 202 with the pending job. */
    void submit(Context ctx) throws IOException {
        Job job;
        try (Upload upload = uploads.read(ctx)) {
            job = jobs.submit(upload.file(), upload.filename(), upload.preset());
        }
        ctx.status(HttpStatus.ACCEPTED).json(JobView.submitted(job));
    }

    /** GET /api/media/jobs/{id} */
    void get(Context ctx) {
        Job job = jobs.get(ctx.pathParam("id"));
        ctx.json(JobView.of(job, links.forJob(job, ctx)));
    }

    /** GET /api/media/jobs/{id}/download: the stored output, with Range support. */
    void download(Context ctx) throws IOException {
        Job job = jobs.getDone(ctx.pathParam("id"));
        ctx.header("Content-Disposition", ContentDisposition.attachment(job.result().filename()));
        ctx.header("Cache-Control", "no-store");
        ctx.header("Accept-Ranges", "bytes");
        sendOutput(ctx, job, ctx.header("Range"));
    }

    /**
     * Streams the job's stored output, whole or the one range asked for; a range is read from
     * storage alone, so remote storage sends only those bytes.
     */
    private void sendOutput(Context ctx, Job job, String rangeHeader) throws IOException {
        String key = job.outputKey();
        long size = rangeHeader == null ? -1 : storage.size(key);
        Optional<ByteRange> range = rangeHeader == null ? Optional.empty() : parseRange(ctx, rangeHeader, size);
        ctx.contentType(job.result().contentType());
        if (range.isEmpty()) {
            Storage.StoredObject object = storage.open(key);
            ctx.header("Content-Length", Long.toString(object.size()));
            ctx.result(object.content());
            return;
        }
        ByteRange r = range.get();
        Storage.StoredObject part = storage.openRange(key, r.first(), r.length());
        ctx.status(HttpStatus.PARTIAL_CONTENT);
        ctx.header("Content-Range", r.contentRange(size));
        ctx.header("Content-Length", Long.toString(r.length()));
        ctx.result(part.content());
    }

    private static Optional<ByteRange> parseRange(Context ctx, String rangeHeader, long size) {
        try {
            return ByteRange.parse(rangeHeader, size);
        } catch (ByteRange.Unsatisfiable e) {
            ctx.header("Content-Range", "bytes */" + e.size());
            throw e;
        }
    }

    private static boolean wantsJson(Context ctx) {
        String accept = ctx.header("Accept");
        return accept != null && accept.toLowerCase(Locale.ROOT).contains("application/json");
    }
}
