package io.mediaopt;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Multipart forms built byte by byte, for what the client library deliberately never sends: a
 * form without its file, text where a file belongs, part headers exactly as the test wrote them
 * (quotes, CR/LF, NUL, any encoding in a file name). One builder for the API and the security
 * tests, so an odd form differs from a good one only where the test made it differ.
 */
public final class RawMultipart {
    public static final String BOUNDARY = "raw-multipart-7d3f";
    /** The Content-Type that announces a body built here. */
    public static final String CONTENT_TYPE = "multipart/form-data; boundary=" + BOUNDARY;

    private RawMultipart() {}

    /** One part: its raw header lines (without the final blank line) and its content. */
    public record Part(byte[] headers, byte[] content) {
        /** A file part with an ordinary name, quoted as a browser would. */
        public static Part file(String name, String filename, byte[] content) {
            return file(name, ("\"" + filename + "\"").getBytes(StandardCharsets.UTF_8), content);
        }

        /** A file part whose filename parameter is these exact bytes (quotes included if wanted). */
        public static Part file(String name, byte[] rawFilename, byte[] content) {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            head.writeBytes(("Content-Disposition: form-data; name=\"" + name + "\"; filename=")
                    .getBytes(StandardCharsets.UTF_8));
            head.writeBytes(rawFilename);
            head.writeBytes("\r\nContent-Type: application/octet-stream".getBytes(StandardCharsets.UTF_8));
            return new Part(head.toByteArray(), content);
        }

        /** A text field: no filename, so the server must not take it for a file. */
        public static Part text(String name, String value) {
            return text(name, value.getBytes(StandardCharsets.UTF_8));
        }

        public static Part text(String name, byte[] content) {
            return new Part(("Content-Disposition: form-data; name=\"" + name + "\"")
                    .getBytes(StandardCharsets.UTF_8), content);
        }
    }

    /** The whole body, closing boundary included; send it under {@link #CONTENT_TYPE}. */
    public static byte[] body(List<Part> parts) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (Part part : parts) {
            body.writeBytes(("--" + BOUNDARY + "\r\n").getBytes(StandardCharsets.US_ASCII));
            body.writeBytes(part.headers());
            body.writeBytes("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            body.writeBytes(part.content());
            body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        body.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return body.toByteArray();
    }

    /** A POST of the form, with its length declared; the caller adds timeouts and headers and sends it. */
    public static HttpRequest.Builder post(String baseUrl, String path, List<Part> parts) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Content-Type", CONTENT_TYPE)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body(parts)));
    }
}
