package io.mediaopt.api;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Plain HTTP for what the client library deliberately never sends: malformed or odd requests. */
final class Raw {
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    static final String BOUNDARY = "raw-test-boundary";

    private Raw() {}

    static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    static HttpRequest.Builder request(String baseUrl, String path) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path));
    }

    /** One form field: a file when filename is set, else text. */
    record Part(String name, String filename, Object content) {}

    static Part part(String name, String filename, Object content) {
        return new Part(name, filename, content);
    }

    /** A multipart body built by hand. */
    static HttpRequest.BodyPublisher multipart(List<Part> parts) {
        List<byte[]> chunks = new ArrayList<>();
        for (Part part : parts) {
            String disposition = "Content-Disposition: form-data; name=\"" + part.name() + "\""
                    + (part.filename() == null ? "" : "; filename=\"" + part.filename() + "\"");
            chunks.add(("--" + BOUNDARY + "\r\n" + disposition + "\r\n"
                    + (part.filename() == null ? "" : "Content-Type: application/octet-stream\r\n") + "\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            chunks.add(part.content() instanceof byte[] b ? b : part.content().toString().getBytes(StandardCharsets.UTF_8));
            chunks.add("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        chunks.add(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return HttpRequest.BodyPublishers.ofByteArrays(chunks);
    }

    static HttpRequest.Builder post(String baseUrl, String path, List<Part> parts) {
        return request(baseUrl, path).header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
                .POST(multipart(parts));
    }
}
