package io.mediaopt.http;

import io.javalin.http.Context;
import io.mediaopt.jobs.OutputNames;
import io.mediaopt.media.OutputOptions;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.renditions.RenditionRequest;
import io.mediaopt.storage.StorageException;
import io.mediaopt.webhooks.CallbackUrls;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.Part;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * Reads the multipart form of the optimize and job routes (file field {@code media}, text fields
 * {@code preset}, {@code callbackUrl}, {@code renditions}, {@code posterTime}, {@code quality},
 * {@code format} and {@code width}). Jetty streams the parts to files in the upload directory as they arrive and
 * stops at the size limit, so the heap does not grow with the upload.
 */
public final class UploadReader {
    /** Room for the multipart framing and the preset field around the media bytes. */
    private static final long FORM_OVERHEAD = 64 * 1024;
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

    public UploadReader(Path uploadDir, long maxInputBytes, Presets presets) {
        this.uploadDir = uploadDir;
        this.maxInputBytes = maxInputBytes;
        this.presets = presets;
    }

    /** Refuses at once a body whose declared length is over the limit, before reading it. */
    public void checkDeclaredLength(Context ctx) {
        long declared = ctx.req().getContentLengthLong();
        if (declared > maxInputBytes + FORM_OVERHEAD) {
            closeAfterResponse(ctx);
            throw new TooLargeException(maxInputBytes);
        }
    }

    public Upload read(Context ctx) throws IOException {
        checkDeclaredLength(ctx);
        if (!ctx.isMultipartFormData()) {
            throw new InvalidInputException("Expected a multipart/form-data body with a file field \"media\"");
        }
        Collection<Part> parts = parts(ctx);
        Part media = single(parts, "media");
        if (media == null || media.getSubmittedFileName() == null) {
            throw new InvalidInputException("Expected a file in the form field \"media\"");
        }
        Preset preset = preset(parts);
        String callbackUrl = callbackUrl(parts);
        RenditionRequest renditions = RenditionRequest.parse(shortText(parts, "renditions"),
                shortText(parts, "posterTime"));
        OutputOptions options = OutputOptions.parse(shortText(parts, "quality"), shortText(parts, "format"),
                shortText(parts, "width"));
        if (media.getSize() == 0) throw new InvalidInputException("The uploaded file is empty (form field \"media\")");
        if (media.getSize() > maxInputBytes) throw new TooLargeException(maxInputBytes);
        Path file = uploadDir.resolve("upload-" + UUID.randomUUID());
        try {
            media.write(file.toString());
        } catch (IOException e) {
            if (StorageException.isDiskFull(e)) throw new StorageException("The upload could not be stored", e);
            throw e;
        }
        return new Upload(file, OutputNames.sanitize(media.getSubmittedFileName()), media.getSize(), preset,
                callbackUrl, renditions, options);
    }

    private Collection<Part> parts(Context ctx) throws IOException {
        Files.createDirectories(uploadDir);
        ctx.req().setAttribute(MULTIPART_CONFIG_ATTRIBUTE, new MultipartConfigElement(
                uploadDir.toString(), maxInputBytes, maxInputBytes + FORM_OVERHEAD, IN_MEMORY_THRESHOLD));
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

    private Preset preset(Collection<Part> parts) throws IOException {
        Part part = single(parts, "preset");
        if (part == null) return presets.find(null).orElseThrow();
        if (part.getSubmittedFileName() != null || part.getSize() > MAX_PRESET_LENGTH) {
            throw new InvalidInputException("Expected a short text value for \"preset\"");
        }
        String name = text(part);
        return presets.find(name).orElseThrow(() -> new InvalidInputException(
                "Expected one of " + String.join(", ", presets.names()) + " for preset but received \""
                        + name.strip() + "\""));
    }

    /** The text of the field, not yet checked: null when the form has none. */
    private static String callbackUrl(Collection<Part> parts) throws IOException {
        Part part = single(parts, "callbackUrl");
        if (part == null) return null;
        if (part.getSubmittedFileName() != null || part.getSize() > CallbackUrls.MAX_LENGTH) {
            throw new InvalidInputException("Expected a URL of at most " + CallbackUrls.MAX_LENGTH
                    + " characters for \"callbackUrl\"");
        }
        return text(part);
    }

    /** The text of a short field, null when the form has none. */
    private static String shortText(Collection<Part> parts, String name) throws IOException {
        Part part = single(parts, name);
        if (part == null) return null;
        if (part.getSubmittedFileName() != null || part.getSize() > RenditionRequest.MAX_FIELD_LENGTH) {
            throw new InvalidInputException("Expected a short text value for \"" + name + "\"");
        }
        return text(part);
    }

    private static String text(Part part) throws IOException {
        try (InputStream in = part.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Part single(Collection<Part> parts, String name) {
        List<Part> named = parts.stream().filter(p -> name.equals(p.getName())).toList();
        if (named.size() > 1) throw new InvalidInputException("Expected one \"" + name + "\" field but received " + named.size());
        return named.isEmpty() ? null : named.getFirst();
    }
}
