package io.mediaopt.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Sends a file through the service's resumable uploads (tus 1.0.0, {@code /api/uploads}) in
 * pieces of {@link #CHUNK_BYTES}. When a piece is lost to the network, or the service says the
 * offset moved ({@code 409}), it asks the service how far the upload got and goes on from there,
 * up to {@link #ATTEMPTS} times in a row; any other refusal ends it.
 */
final class ResumableUploader {
    static final int CHUNK_BYTES = 5 * 1024 * 1024;
    static final int ATTEMPTS = 5;
    private static final String VERSION = "1.0.0";
    private static final Duration FIRST_PAUSE = Duration.ofMillis(200);

    private final ApiTransport transport;
    private final int chunkBytes;

    ResumableUploader(ApiTransport transport, int chunkBytes) {
        this.transport = transport;
        this.chunkBytes = chunkBytes;
    }

    /** Uploads the file and returns the id of the job its last byte made. */
    String upload(Path file, String filename, long size, String preset, OptimizeOptions options,
                  UploadProgress progress) {
        HttpResponse<byte[]> created = transport.call(tus(transport.request("/uploads"))
                .header("Upload-Length", Long.toString(size))
                .header("Upload-Metadata", metadata(filename, preset, options))
                .POST(BodyPublishers.noBody()).build());
        String location = uploadPath(created.headers().firstValue("Location").orElseThrow(() ->
                new MediaoptException("The service created an upload without saying where (no Location)")));
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long offset = 0;
            int failures = 0;
            while (true) {
                try {
                    HttpResponse<byte[]> answer = patch(location, channel, offset, size);
                    offset = offsetOf(answer);
                    progress.received(offset, size);
                    failures = 0;
                    var jobId = answer.headers().firstValue("x-service-job-id");
                    if (jobId.isPresent()) return jobId.get();
                } catch (MediaoptIOException | MediaoptApiException e) {
                    if (e instanceof MediaoptApiException api && api.status() != 409) throw api;
                    if (++failures >= ATTEMPTS) throw e;
                    pause(failures);
                    offset = offsetOf(transport.call(tus(requestTo(location)).method("HEAD",
                            BodyPublishers.noBody()).build()));
                }
            }
        } catch (IOException e) {
            throw new MediaoptIOException("Could not read " + file + ": " + e.getMessage(), e);
        }
    }

    private HttpResponse<byte[]> patch(String location, FileChannel channel, long offset, long size) throws IOException {
        ByteBuffer piece = ByteBuffer.allocate((int) Math.min(chunkBytes, size - offset));
        while (piece.hasRemaining() && channel.read(piece, offset + piece.position()) >= 0) {
            // read until the piece is full
        }
        return transport.call(tus(requestTo(location)).header("Upload-Offset", Long.toString(offset))
                .header("Content-Type", "application/offset+octet-stream")
                // a piece refused from its headers (a wrong offset, an upload gone) is answered unsent
                .expectContinue(true)
                .method("PATCH", BodyPublishers.ofByteArray(piece.array(), 0, piece.position())).build());
    }

    /**
     * The upload's path under the base URL, from the last segment of the URL the service named:
     * the key only ever goes to the base URL the client was made with.
     */
    private static String uploadPath(String location) {
        String path = URI.create(location).getPath();
        return "/uploads/" + ApiBaseUrl.segment(path.substring(path.lastIndexOf('/') + 1));
    }

    private HttpRequest.Builder requestTo(String path) {
        return transport.request(path);
    }

    private static HttpRequest.Builder tus(HttpRequest.Builder builder) {
        return builder.header("Tus-Resumable", VERSION);
    }

    private static long offsetOf(HttpResponse<byte[]> answer) {
        return Long.parseLong(answer.headers().firstValue("Upload-Offset").orElseThrow(() ->
                new MediaoptException("The service answered an upload request without Upload-Offset")));
    }

    private static void pause(int failures) {
        try {
            Thread.sleep(FIRST_PAUSE.toMillis() << Math.min(failures - 1, 4));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MediaoptInterruptedException("Interrupted while resuming an upload", e);
        }
    }

    /** The form's fields as tus metadata: each value Base64. */
    static String metadata(String filename, String preset, OptimizeOptions options) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("filename", filename);
        if (preset != null) fields.put("preset", preset);
        if (options.quality() != null) fields.put("quality", options.quality().toString());
        if (options.format() != null) fields.put("format", options.format().wireName());
        if (options.width() != null) fields.put("width", options.width().toString());
        fields.putAll(options.keepFields());
        return fields.entrySet().stream().map(e -> e.getKey() + " "
                + Base64.getEncoder().encodeToString(e.getValue().getBytes(StandardCharsets.UTF_8)))
                .collect(Collectors.joining(","));
    }
}
