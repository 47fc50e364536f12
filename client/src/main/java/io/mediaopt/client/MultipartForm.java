package io.mediaopt.client;

import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The multipart/form-data body both upload endpoints accept: optional text fields
 * {@code preset}, {@code callbackUrl}, {@code quality}, {@code format} and {@code width}, and the
 * file field {@code media}. The file's publisher is spliced in between
 * the header and footer bytes, so a file on disk is streamed, never read whole into memory, and
 * the body length stays known (the service can refuse an oversized upload from it).
 */
record MultipartForm(String contentType, BodyPublisher body) {
    private static final String CRLF = "\r\n";

    /**
     * The upload of {@code filename} to {@code path} as this form. It says "Expect: 100-continue":
     * an upload the service refuses at once (a wrong key, busy) gets its answer without sending the
     * file first, and the answer is not lost in a reset.
     */
    static HttpRequest.Builder post(ApiTransport transport, String path, String filename, BodyPublisher media,
                                    String preset, String callbackUrl, OptimizeOptions options) {
        MultipartForm form = of(filename, media, preset, callbackUrl, options);
        return transport.request(path).header("Content-Type", form.contentType()).expectContinue(true)
                .POST(form.body());
    }

    static MultipartForm of(String filename, BodyPublisher media, String preset, String callbackUrl,
                            OptimizeOptions options) {
        String boundary = "mediaopt-" + UUID.randomUUID();
        var head = new StringBuilder();
        textField(head, boundary, "preset", preset);
        textField(head, boundary, "callbackUrl", callbackUrl);
        textField(head, boundary, "quality", options.quality() == null ? null : options.quality().toString());
        textField(head, boundary, "format", options.format() == null ? null : options.format().wireName());
        textField(head, boundary, "width", options.width() == null ? null : options.width().toString());
        options.keepFields().forEach((name, value) -> textField(head, boundary, name, value));
        head.append("--").append(boundary).append(CRLF)
                .append("Content-Disposition: form-data; name=\"media\"; filename=\"")
                .append(escapeFilename(filename)).append('"').append(CRLF)
                // The service decides the kind from the bytes, so no guess is sent here.
                .append("Content-Type: application/octet-stream").append(CRLF)
                .append(CRLF);
        String tail = CRLF + "--" + boundary + "--" + CRLF;
        BodyPublisher body = BodyPublishers.concat(
                BodyPublishers.ofByteArray(utf8(head.toString())),
                media,
                BodyPublishers.ofByteArray(utf8(tail)));
        return new MultipartForm("multipart/form-data; boundary=" + boundary, body);
    }

    private static void textField(StringBuilder head, String boundary, String name, String value) {
        if (value == null) {
            return;
        }
        head.append("--").append(boundary).append(CRLF)
                .append("Content-Disposition: form-data; name=\"").append(name).append('"').append(CRLF)
                .append(CRLF)
                .append(value).append(CRLF);
    }

    /**
     * Quotes and line breaks would end the header early; they are percent-encoded the way
     * browsers encode them in form submissions. Other characters go as UTF-8.
     */
    static String escapeFilename(String filename) {
        return filename.replace("\"", "%22").replace("\r", "%0D").replace("\n", "%0A");
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
