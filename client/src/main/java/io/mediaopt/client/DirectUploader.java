package io.mediaopt.client;


import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sends a file straight to the service's bucket ({@code POST /api/uploads/direct}, a PUT to the
 * pre-signed URL it answers with, then {@code POST /api/uploads/{id}/complete}). The PUT goes to
 * the bucket, never with the API key.
 */
final class DirectUploader {
    /** One PUT carries the whole file; its answer comes only once every byte is in the bucket. */
    private static final Duration PUT_TIMEOUT = Duration.ofHours(1);
    /** Enough of the bucket's refusal to say why. */
    private static final int REFUSAL_CHARS = 300;

    private final ApiTransport transport;

    DirectUploader(ApiTransport transport) {
        this.transport = transport;
    }

    /** Where and how the service lets the file be put into its bucket. */
    record Started(String uploadId, String uploadUrl, String method, Map<String, String> headers, String expiresAt) {}

    JobSubmission upload(Path file, String contentType, String preset, OptimizeOptions options) {
        Started started = transport.callForJson(transport.request("/uploads/direct")
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofByteArray(body(file, contentType, preset, options))).build(), Started.class);
        HttpRequest.Builder put = HttpRequest.newBuilder(URI.create(started.uploadUrl())).timeout(PUT_TIMEOUT)
                .method(started.method(), LocalFiles.publisherOf(file));
        started.headers().forEach(put::header);
        HttpResponse<byte[]> stored = transport.exchange(put.build());
        if (!ApiTransport.isSuccess(stored.statusCode())) {
            String why = new String(stored.body(), StandardCharsets.UTF_8);
            throw new MediaoptException("The bucket refused the file with HTTP " + stored.statusCode() + ": "
                    + why.substring(0, Math.min(why.length(), REFUSAL_CHARS)));
        }
        return transport.callForJson(transport.request("/uploads/" + ApiBaseUrl.segment(started.uploadId())
                + "/complete").POST(BodyPublishers.noBody()).build(), JobSubmission.class);
    }

    private byte[] body(Path file, String contentType, String preset, OptimizeOptions options) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("filename", LocalFiles.filenameOf(file));
        fields.put("size", LocalFiles.sizeOf(file));
        fields.put("contentType", contentType);
        if (preset != null) fields.put("preset", preset);
        if (options.quality() != null) fields.put("quality", options.quality());
        if (options.format() != null) fields.put("format", options.format().wireName());
        if (options.width() != null) fields.put("width", options.width());
        return transport.toJson(fields);
    }
}
