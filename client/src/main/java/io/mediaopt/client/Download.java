package io.mediaopt.client;

import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.nio.file.Path;

/** A job's output saved to {@code file}, with the media type and name the service gave it. */
public record Download(Path file, String contentType, String filename, long bytes) {

    /** Streams the file at {@code path} of the API to {@code target}, replacing it if it exists. */
    static Download fetch(ApiTransport transport, String path, Path target) {
        HttpRequest request = transport.request(path).GET().build();
        HttpHeaders headers = transport.callToFile(request, target);
        return new Download(target,
                headers.firstValue("Content-Type").orElse(null),
                ContentDisposition.filename(headers.firstValue("Content-Disposition").orElse(null)),
                LocalFiles.sizeOf(target));
    }
}
