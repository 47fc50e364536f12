package io.mediaopt.uploads.routes;

import io.mediaopt.http.ApiKeys;
import io.mediaopt.jobs.routes.DownloadLinks;
import io.mediaopt.jobs.routes.JobView;
import io.mediaopt.tokens.TokenAccess;
import io.mediaopt.http.UnreadBodies;
import io.mediaopt.jobs.routes.UploadReader;
import io.mediaopt.ServiceException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Sniffer;
import io.mediaopt.tokens.JdbcTokenUses;
import io.mediaopt.tokens.UploadToken;
import io.mediaopt.uploads.DirectUploads;
import io.mediaopt.uploads.ResumableUpload;
import io.mediaopt.uploads.UploadMetadata;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Uploads straight to the bucket: {@code POST /api/uploads/direct} checks the file's name, size,
 * type and the form's fields and answers with a pre-signed PUT URL; {@code POST
 * /api/uploads/{id}/complete} makes the job from the object, as the form's route would from a file.
 */
final class DirectUploadHandlers {
    /** The fields of the form a direct upload takes, as the JSON body's; an upload token may fix any but the filename. */
    static final Set<String> FORM_FIELDS =
            Set.of("filename", "preset", "quality", "format", "width", "renditions", "posterTime", "callbackUrl",
                    "keep", "keepHours", "visibility", "linkTtlSec");
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,18}");

    private final DirectUploads direct;
    private final UploadReader form;
    private final Jobs jobs;
    private final DownloadLinks links;
    private final ApiKeys keys;
    private final ObjectMapper json;
    private final TokenAccess tokens;
    private final Sniffer sniffer = new Sniffer();

    DirectUploadHandlers(DirectUploads direct, UploadReader form, Jobs jobs, DownloadLinks links, ApiKeys keys,
                         ObjectMapper json, TokenAccess tokens) {
        this.tokens = tokens;
        this.direct = direct;
        this.form = form;
        this.jobs = jobs;
        this.links = links;
        this.keys = keys;
        this.json = json;
    }

    /** The answer to a started upload: where to PUT the file, with which headers, until when. */
    record Started(String uploadId, String uploadUrl, String method, Map<String, String> headers, String expiresAt) {}

    /** POST /api/uploads/direct */
    void start(Context ctx) throws IOException {
        Map<String, String> fields = fields(ctx);
        String sizeText = fields.remove("size");
        if (sizeText == null || !NUMBER.matcher(sizeText).matches()) {
            throw ServiceException.invalidInput("Expected \"size\", the file's size in bytes, as a whole number");
        }
        String contentType = fields.remove("contentType");
        Optional<MediaFormat> declared = Arrays.stream(MediaFormat.values())
                .filter(f -> f.contentType().equals(contentType)).findFirst();
        if (declared.isEmpty()) {
            throw MediaException.unsupportedType("Expected \"contentType\" as the type of an image or video format"
                    + " this service accepts, such as image/jpeg or video/mp4");
        }
        for (String name : fields.keySet()) {
            if (!FORM_FIELDS.contains(name)) throw ServiceException.invalidInput("Unknown field \"" + name + "\"");
        }
        long size = Long.parseLong(sizeText);
        fields = tokens.fields(ctx, fields);
        form.request(fields::get, TusHandlers.filename(fields), size, UploadReader.Sender.of(ctx, keys, links));
        Optional<UploadToken> token = tokens.token(ctx);
        if (token.isPresent()) {
            token.get().checkSize(size);
            UploadToken.checkKind(token.get().mediaKind(), declared);
        }
        String metadata = UploadMetadata.format(fields);
        UploadMetadata.parse(metadata);
        DirectUploads.Started started = tokens.once(ctx, () -> direct.start(keys.caller(ctx).keyName(), size,
                contentType, metadata), made -> new JdbcTokenUses.Use(made.uploadId(), null));
        ctx.status(HttpStatus.CREATED).json(new Started(started.uploadId(), started.url().toString(), "PUT",
                Map.of("Content-Type", contentType), started.urlExpiresAt().toString()));
    }

    /** POST /api/uploads/{id}/complete: 202 with the pending job, the same job however often asked. */
    void complete(Context ctx) throws IOException {
        ResumableUpload upload = direct.find(ctx.pathParam("id"), keys.caller(ctx).keyName());
        Map<String, String> metadata = UploadMetadata.parse(upload.metadata());
        UploadReader.Sender sender = UploadReader.Sender.of(ctx, keys, links);
        Optional<UploadToken> token = tokens.token(ctx);
        String jobId = direct.complete(upload, (id, inputKey, size, head) -> {
                    if (token.isPresent()) token.get().checkSize(size);
                    tokens.checkKind(upload.id(), sniffer.sniff(head));
                    jobs.submitStored(id, inputKey, head,
                            form.request(metadata::get, TusHandlers.filename(metadata), size, sender));
                })
                .orElseThrow(() -> ServiceException.notReady("Another request is completing upload "
                        + upload.id() + "; ask again"));
        ctx.status(HttpStatus.ACCEPTED).json(JobView.submitted(jobs.get(jobId, keys.caller(ctx))));
    }

    /** The body's JSON object, each value text or a number. */
    private Map<String, String> fields(Context ctx) {
        JsonNode body;
        UnreadBodies.reading(ctx);
        try {
            body = json.readTree(ctx.body());
        } catch (JsonProcessingException e) {
            body = null;
        }
        if (body == null || !body.isObject()) throw ServiceException.invalidInput("Expected a JSON object");
        Map<String, String> fields = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : body.properties()) {
            JsonNode value = field.getValue();
            if (!value.isTextual() && !value.isIntegralNumber() && !value.isBoolean()) {
                throw ServiceException.invalidInput("Expected \"" + field.getKey() + "\" as text, a whole number or a boolean");
            }
            fields.put(field.getKey(), value.asText());
        }
        return fields;
    }
}
