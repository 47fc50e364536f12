package io.mediaopt.jobs.routes;

import io.mediaopt.http.ApiKeys;
import io.mediaopt.http.ConnectionLimits;
import io.mediaopt.http.MultipartFailures;
import io.mediaopt.http.RequestIds;
import io.mediaopt.http.UnreadBodies;

import io.javalin.http.Context;
import io.mediaopt.ServiceException;
import io.mediaopt.Caller;
import io.mediaopt.jobs.Callback;
import io.mediaopt.jobs.JobRequest;
import io.mediaopt.jobs.OutputNames;
import io.mediaopt.keeping.KeepSettings;
import io.mediaopt.keeping.Keeping;
import io.mediaopt.media.OutputOptions;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.renditions.RenditionRequest;
import io.mediaopt.storage.StorageException;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.Part;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Reads the multipart form of the optimize and job routes (file field {@code media}, text fields
 * {@code preset}, {@code callbackUrl}, {@code renditions}, {@code posterTime}, {@code quality},
 * {@code format}, {@code width}, and {@code keep}, {@code keepHours}, {@code visibility},
 * {@code linkTtlSec}). Jetty streams the parts to files in the upload directory as they arrive and
 * stops at the size limit, so the heap does not grow with the upload.
 */
public final class UploadReader {
    /** Where a new job reports its end, from the {@code callbackUrl} its caller sent (webhooks.CallbackTargets). */
    public interface Callbacks {
        /** The job's callback (null: none); a URL the service will not call is 400. */
        Callback forSubmission(String requested, String origin);
    }

    /**
     * Parts up to this size stay in memory; larger files go to disk as they arrive. Jetty keeps
     * text fields in memory only, so this is also the longest text field it accepts.
     */
    private static final int IN_MEMORY_THRESHOLD = 64 * 1024;
    private static final int MAX_PRESET_LENGTH = 100;
    private static final String MULTIPART_CONFIG_ATTRIBUTE = "org.eclipse.jetty.multipartConfig";

    private final Path uploadDir;
    private final long maxInputBytes;
    private final Presets presets;
    private final Callbacks callbacks;
    private final KeepSettings keep;

    public UploadReader(Path uploadDir, long maxInputBytes, Presets presets, Callbacks callbacks,
                        KeepSettings keep) {
        this.uploadDir = uploadDir;
        this.maxInputBytes = maxInputBytes;
        this.presets = presets;
        this.callbacks = callbacks;
        this.keep = keep;
    }

    /**
     * Who sent a submission: the caller, who owns its job; the origin (scheme and host) the links
     * of its callback are made from; and the id of the request.
     */
    public record Sender(Caller caller, String origin, String requestId) {
        public static Sender of(Context ctx, ApiKeys keys, DownloadLinks links) {
            return new Sender(keys.caller(ctx), links.origin(ctx), RequestIds.of(ctx));
        }
    }

    /** Refuses at once a body whose declared length is over the limit, before reading it. */
    public void checkDeclaredLength(Context ctx) {
        long declared = ctx.req().getContentLengthLong();
        if (declared > maxInputBytes + ConnectionLimits.FORM_OVERHEAD) {
            closeAfterResponse(ctx);
            throw ServiceException.tooLarge(maxInputBytes);
        }
    }

    /**
     * The upload of the form and the job request its fields make. {@code callbackAllowed} is false
     * on the route that answers with the file itself, which names no job a callback could report.
     */
    public Upload read(Context ctx, Sender sender, boolean callbackAllowed) throws IOException {
        return read(ctx, sender, callbackAllowed, UnaryOperator.identity());
    }

    /**
     * {@link #read}, with the text fields as {@code fields} makes them from those sent: those an
     * upload token fixes filled in, and checked by the same rules.
     */
    public Upload read(Context ctx, Sender sender, boolean callbackAllowed, UnaryOperator<Function<String, String>> fields)
            throws IOException {
        checkDeclaredLength(ctx);
        if (!ctx.isMultipartFormData()) {
            throw ServiceException.invalidInput("Expected a multipart/form-data body with a file field \"media\"");
        }
        Collection<Part> parts = parts(ctx);
        Part media = single(parts, "media");
        if (media == null || media.getSubmittedFileName() == null) {
            throw ServiceException.invalidInput("Expected a file in the form field \"media\"");
        }
        FormChoices choices = choices(fields.apply(name -> fieldText(parts, name)));
        if (media.getSize() == 0) throw ServiceException.invalidInput("The uploaded file is empty (form field \"media\")");
        if (media.getSize() > maxInputBytes) throw ServiceException.tooLarge(maxInputBytes);
        Path file = uploadDir.resolve("upload-" + UUID.randomUUID());
        try {
            media.write(file.toString());
        } catch (IOException e) {
            if (StorageException.isDiskFull(e)) throw new StorageException("The upload could not be stored", e);
            throw e;
        }
        try {
            if (!callbackAllowed && choices.callbackUrl() != null) {
                throw ServiceException.invalidInput("Expected callbackUrl only with Accept: application/json on "
                        + "/api/media/optimize, whose answer then names the job the callback reports");
            }
            return new Upload(file, choices.request(OutputNames.sanitize(media.getSubmittedFileName()), media.getSize(),
                    sender, callbacks, keep));
        } catch (RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    private Collection<Part> parts(Context ctx) throws IOException {
        Files.createDirectories(uploadDir);
        ctx.req().setAttribute(MULTIPART_CONFIG_ATTRIBUTE, new MultipartConfigElement(
                uploadDir.toString(), maxInputBytes, maxInputBytes + ConnectionLimits.FORM_OVERHEAD, IN_MEMORY_THRESHOLD));
        UnreadBodies.reading(ctx);
        try {
            return ctx.req().getParts();
        } catch (IllegalStateException | ServletException | IOException e) {
            closeAfterResponse(ctx);
            throw MultipartFailures.translate(e, maxInputBytes, IN_MEMORY_THRESHOLD);
        }
    }

    /**
     * After a body that was refused or could not be parsed, the rest of it is still on the
     * connection and Jetty closes it once the answer is sent, without saying so in the answer.
     * A client reusing the connection would then lose its next request; this tells it not to.
     */
    private static void closeAfterResponse(Context ctx) {
        ctx.header("Connection", "close");
    }

    /**
     * What the form's text fields ask for, checked: the preset, the callback URL as sent (null when
     * none, checked later against the callback rules), the renditions and the output's options.
     * {@code field} gives a field's text, null when it is absent; resumable uploads pass their
     * metadata here, so both ways in refuse the same values with the same messages.
     */
    public FormChoices choices(Function<String, String> field) {
        Preset preset = preset(limited(field, "preset", MAX_PRESET_LENGTH));
        String callbackUrl = field.apply("callbackUrl");
        if (callbackUrl != null && utf8Length(callbackUrl) > Callback.MAX_URL_LENGTH) {
            throw ServiceException.invalidInput("Expected a URL of at most " + Callback.MAX_URL_LENGTH
                    + " characters for \"callbackUrl\"");
        }
        RenditionRequest renditions = RenditionRequest.parse(shortText(field, "renditions"),
                shortText(field, "posterTime"));
        OutputOptions options = OutputOptions.parse(shortText(field, "quality"), shortText(field, "format"),
                shortText(field, "width"));
        Keeping.Request keeping = Keeping.parse(shortText(field, "keep"), shortText(field, "keepHours"),
                shortText(field, "visibility"), shortText(field, "linkTtlSec"));
        return new FormChoices(preset, callbackUrl, renditions, options, keeping);
    }

    /** The checked text fields of a form, or of a resumable upload's metadata. */
    public record FormChoices(Preset preset, String callbackUrl, RenditionRequest renditions, OutputOptions options,
                              Keeping.Request keeping) {

        /**
         * The job request these fields make, for a file of {@code size} bytes named {@code filename};
         * checks the callback URL. Kept as the fields say, else as the sender's key is ({@code keep}).
         */
        public JobRequest request(String filename, long size, Sender sender, Callbacks callbacks,
                                  KeepSettings keep) {
            String owner = sender.caller().keyName();
            return new JobRequest(filename, size, preset, options, renditions,
                    callbacks.forSubmission(callbackUrl, sender.origin()), sender.requestId(), owner,
                    keeping.resolve(keep.keepsJobsOf(owner)));
        }
    }

    /**
     * The job request of a resumable upload of {@code size} bytes named {@code filename}, whose
     * metadata gives the form's fields ({@code field}); refused exactly as the form would be.
     */
    public JobRequest request(Function<String, String> field, String filename, long size, Sender sender) {
        return choices(field).request(filename, size, sender, callbacks, keep);
    }

    private Preset preset(String name) {
        if (name == null) return presets.find(null).orElseThrow();
        return presets.find(name).orElseThrow(() -> ServiceException.invalidInput(
                "Expected one of " + String.join(", ", presets.names()) + " for preset but received \""
                        + name.strip() + "\""));
    }

    private static String shortText(Function<String, String> field, String name) {
        return limited(field, name, RenditionRequest.MAX_FIELD_LENGTH);
    }

    private static String limited(Function<String, String> field, String name, int maxBytes) {
        String text = field.apply(name);
        if (text != null && utf8Length(text) > maxBytes) {
            throw ServiceException.invalidInput("Expected a short text value for \"" + name + "\"");
        }
        return text;
    }

    private static int utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    /** The text of a form field, null when the form has none; a file where text belongs is refused. */
    private static String fieldText(Collection<Part> parts, String name) {
        Part part = single(parts, name);
        if (part == null) return null;
        if (part.getSubmittedFileName() != null) {
            throw ServiceException.invalidInput(name.equals("callbackUrl")
                    ? "Expected a URL of at most " + Callback.MAX_URL_LENGTH + " characters for \"callbackUrl\""
                    : "Expected a short text value for \"" + name + "\"");
        }
        try {
            return text(part);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(Part part) throws IOException {
        try (InputStream in = part.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Part single(Collection<Part> parts, String name) {
        List<Part> named = parts.stream().filter(p -> name.equals(p.getName())).toList();
        if (named.size() > 1) throw ServiceException.invalidInput("Expected one \"" + name + "\" field but received " + named.size());
        return named.isEmpty() ? null : named.getFirst();
    }
}
