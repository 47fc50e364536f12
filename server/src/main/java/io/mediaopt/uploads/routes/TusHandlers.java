package io.mediaopt.uploads.routes;

import io.mediaopt.http.ApiKeys;
import io.mediaopt.http.ApiServer;
import io.mediaopt.jobs.routes.DownloadLinks;
import io.mediaopt.http.RequestIds;
import io.mediaopt.tokens.TokenAccess;
import io.mediaopt.http.UnreadBodies;
import io.mediaopt.jobs.routes.UploadReader;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.mediaopt.ServiceException;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Sniffer;
import io.mediaopt.tokens.JdbcTokenUses;
import io.mediaopt.Caller;
import io.mediaopt.jobs.JobRequest;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.jobs.OutputNames;
import io.mediaopt.uploads.BodyChecksum;
import io.mediaopt.uploads.JdbcUploadStore;
import io.mediaopt.uploads.ResumableUpload;
import io.mediaopt.uploads.ResumableUploads;
import io.mediaopt.uploads.UploadMetadata;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Resumable uploads under /api/uploads, the tus 1.0.0 protocol with its creation,
 * creation-with-upload, termination, expiration and checksum extensions. The metadata (filename, preset
 * and the form's other fields) is checked when the upload is created, by the form's own rules;
 * the request that brings the last byte makes the job as POST /api/media/jobs does.
 */
final class TusHandlers {
    private static final Logger log = LoggerFactory.getLogger(TusHandlers.class);
    static final String VERSION = "1.0.0";
    private static final String EXTENSIONS = "creation,creation-with-upload,termination,expiration,checksum";
    private static final String OFFSET_OCTET_STREAM = "application/offset+octet-stream";
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,18}");
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    private final ResumableUploads uploads;
    private final UploadReader form;
    private final Jobs jobs;
    private final DownloadLinks links;
    private final ApiKeys keys;
    private final TokenAccess tokens;
    private final Sniffer sniffer = new Sniffer();

    TusHandlers(ResumableUploads uploads, UploadReader form, Jobs jobs, DownloadLinks links, ApiKeys keys,
                TokenAccess tokens) {
        this.tokens = tokens;
        this.uploads = uploads;
        this.form = form;
        this.jobs = jobs;
        this.links = links;
        this.keys = keys;
    }

    /** OPTIONS /api/uploads: what this server speaks. */
    void options(Context ctx) {
        ctx.header("Tus-Version", VERSION);
        ctx.header("Tus-Extension", EXTENSIONS);
        ctx.header("Tus-Max-Size", Long.toString(uploads.maxInputBytes()));
        ctx.header("Tus-Checksum-Algorithm", BodyChecksum.SUPPORTED);
        ctx.status(HttpStatus.NO_CONTENT);
    }

    /** POST /api/uploads: a new upload, refused before any byte when its length or metadata is. */
    void create(Context ctx) throws IOException {
        requireVersion(ctx);
        if (ctx.header("Upload-Defer-Length") != null) {
            throw refuseBody(ctx, ServiceException.invalidInput("Expected Upload-Length; this service does not defer lengths"));
        }
        long length = number(ctx, "Upload-Length");
        String metadata = ctx.header("Upload-Metadata");
        ResumableUpload upload;
        try {
            uploads.checkLength(length);
            Map<String, String> fields = tokens.fields(ctx, UploadMetadata.parse(metadata));
            checkMetadata(ctx, length, fields);
            // the fields a token fixes are kept with the upload, as if its client had sent them
            String kept = tokens.token(ctx).isPresent() ? UploadMetadata.format(fields) : metadata;
            upload = tokens.once(ctx, () -> uploads.create(keys.caller(ctx).keyName(), length, kept, links.origin(ctx),
                    RequestIds.of(ctx)), made -> new JdbcTokenUses.Use(made.id(), null));
        } catch (ServiceException e) {
            throw refuseBody(ctx, e);
        }
        ctx.header("Location", links.origin(ctx) + "/api/uploads/" + upload.id() + tokens.urlSuffix(ctx));
        if (OFFSET_OCTET_STREAM.equals(contentType(ctx)) && ctx.req().getContentLengthLong() != 0) {
            upload = append(ctx, upload, 0);
        }
        stateHeaders(ctx, upload);
        ctx.status(HttpStatus.CREATED);
    }

    /**
     * HEAD /api/uploads/{id}: how far it got, and its job once complete. A complete upload whose
     * job was never made (the node that took its last byte stopped first) gets it made now.
     */
    void head(Context ctx) throws IOException {
        requireVersion(ctx);
        ResumableUpload upload = find(ctx);
        ctx.header("Upload-Length", Long.toString(upload.length()));
        ctx.header("Cache-Control", "no-store");
        stateHeaders(ctx, upload);
        if (upload.complete()) becomeJob(ctx, upload);
    }

    /** PATCH /api/uploads/{id}: more bytes at the offset the upload has reached. */
    void patch(Context ctx) throws IOException {
        requireVersion(ctx);
        ResumableUpload upload;
        long offset;
        try {
            if (!OFFSET_OCTET_STREAM.equals(contentType(ctx))) {
                throw MediaException.unsupportedType("Expected Content-Type: " + OFFSET_OCTET_STREAM);
            }
            upload = find(ctx);
            offset = number(ctx, "Upload-Offset");
        } catch (ServiceException e) {
            throw refuseBody(ctx, e);
        }
        stateHeaders(ctx, append(ctx, upload, offset));
        ctx.status(HttpStatus.NO_CONTENT);
    }

    /** DELETE /api/uploads/{id}: the upload and its bytes are gone. */
    void delete(Context ctx) {
        requireVersion(ctx);
        uploads.delete(find(ctx));
        ctx.status(HttpStatus.NO_CONTENT);
    }

    private ResumableUpload append(Context ctx, ResumableUpload upload, long offset) throws IOException {
        ResumableUpload now;
        UnreadBodies.reading(ctx);
        try {
            now = uploads.append(upload, offset, ctx.req().getContentLengthLong(), ctx.req().getInputStream(),
                    BodyChecksum.parse(ctx.header("Upload-Checksum")));
        } catch (ServiceException e) {
            throw refuseBody(ctx, e);
        } catch (IOException e) {
            // cut off for arriving too slowly, or broken: the rest is not read on at its own pace
            UnreadBodies.leaveUnread(ctx);
            throw refuseBody(ctx, ServiceException.invalidInput(
                    "The body broke off or arrived too slowly; the bytes that arrived were kept"));
        }
        if (now.complete()) becomeJob(ctx, now);
        return now;
    }

    /**
     * Makes the job of a complete upload exactly as the form's route does, once, and names it in
     * the answer; a refused one is deleted.
     */
    private void becomeJob(Context ctx, ResumableUpload upload) throws IOException {
        makeJob(upload, sender(ctx)).ifPresent(jobId -> ctx.header(ApiServer.JOB_ID, jobId));
    }

    /** The job of a complete upload, made once from its metadata for {@code sender}; empty while another request makes it. */
    private Optional<String> makeJob(ResumableUpload upload, UploadReader.Sender sender) throws IOException {
        Map<String, String> metadata = UploadMetadata.parse(upload.metadata());
        JobRequest request = form.request(metadata::get, filename(metadata), upload.length(), sender);
        return uploads.finish(upload, (jobId, bytes) -> {
            tokens.checkKind(upload.id(), sniffer.sniff(bytes));
            jobs.submit(jobId, bytes, request);
        });
    }

    /**
     * Makes the jobs of complete uploads that a stopped node left without one, as their last
     * PATCH would have, for the key and origin that sent them; returns how many it made.
     */
    int finishStranded() {
        int made = 0;
        for (JdbcUploadStore.Stranded stranded : uploads.stranded()) {
            ResumableUpload upload = stranded.upload();
            Caller owner = upload.owner() == null ? Caller.ANYONE : Caller.withKey(upload.owner());
            try {
                if (makeJob(upload, new UploadReader.Sender(owner, stranded.origin(), stranded.requestId())).isPresent()) {
                    made++;
                }
            } catch (IOException | RuntimeException e) {
                log.warn("cannot make the job of upload {}, complete since its node stopped", upload.id(), e);
            }
        }
        return made;
    }

    private void checkMetadata(Context ctx, long length, Map<String, String> metadata) {
        form.request(metadata::get, filename(metadata), length, sender(ctx));
    }

    private UploadReader.Sender sender(Context ctx) {
        return UploadReader.Sender.of(ctx, keys, links);
    }

    static String filename(Map<String, String> metadata) {
        String name = metadata.get("filename");
        if (name == null || name.isBlank()) {
            throw ServiceException.invalidInput("Expected the file's name as \"filename\" in Upload-Metadata");
        }
        return OutputNames.sanitize(name);
    }

    private ResumableUpload find(Context ctx) {
        return uploads.find(ctx.pathParam("id"), keys.caller(ctx).keyName());
    }

    private static void stateHeaders(Context ctx, ResumableUpload upload) {
        ctx.header("Upload-Offset", Long.toString(upload.offset()));
        if (!upload.complete()) ctx.header("Upload-Expires", HTTP_DATE.format(Instant.ofEpochMilli(upload.expiresAt())));
    }

    private static void requireVersion(Context ctx) {
        if (!VERSION.equals(ctx.header("Tus-Resumable"))) {
            ctx.header("Tus-Version", VERSION);
            throw refuseBody(ctx, ServiceException.unsupportedProtocol("Expected the header Tus-Resumable: " + VERSION));
        }
    }

    private static long number(Context ctx, String header) {
        String text = ctx.header(header);
        if (text == null || !NUMBER.matcher(text).matches()) {
            throw ServiceException.invalidInput("Expected " + header + " as a whole number of bytes in ASCII digits");
        }
        return Long.parseLong(text);
    }

    private static String contentType(Context ctx) {
        String type = ctx.header("Content-Type");
        return type == null ? null : type.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    }

    /**
     * A refused request that has a body closes the connection after the answer; a small body is
     * read first ({@link UnreadBodies}), so a client still sending it gets the answer.
     */
    private static ServiceException refuseBody(Context ctx, ServiceException e) {
        if (ctx.req().getContentLengthLong() != 0) ctx.header("Connection", "close");
        return e;
    }
}
