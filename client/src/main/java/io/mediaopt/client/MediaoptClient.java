package io.mediaopt.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Client of the mediaopt HTTP API. Thread-safe; build one per service and reuse it.
 *
 * <pre>{@code
 * try (var client = MediaoptClient.builder("http://127.0.0.1:8080/api").apiKey(key).build()) {
 *     JobSubmission submitted = client.submitJob(Path.of("clip.mov"), "web");
 *     Job job = client.waitForJob(submitted.jobId(), Duration.ofMinutes(5));
 *     client.download(job.jobId(), Path.of("clip.mp4"));
 * }
 * }</pre>
 *
 * A {@code preset} argument may be null to let the service apply its default ({@code web}); the
 * overloads taking {@link OptimizeOptions} override the preset's quality, format or width for
 * that one file.
 * Every method throws {@link MediaoptApiException} when the service answers outside 2xx and
 * {@link MediaoptIOException} when the exchange fails; both are unchecked.
 */
public final class MediaoptClient implements AutoCloseable {
    /** How long {@link #waitForJob(String)} waits: longer than the service's video time limit. */
    public static final Duration DEFAULT_WAIT_TIMEOUT = Duration.ofMinutes(10);

    private final ApiTransport transport;

    MediaoptClient(ApiTransport transport) {
        this.transport = transport;
    }

    /** A client of the API at {@code baseUrl} (ending in /api), without an API key. */
    public static MediaoptClient create(String baseUrl) {
        return builder(baseUrl).build();
    }

    /** Starts configuring a client of the API at {@code baseUrl}, which must end in /api. */
    public static MediaoptClientBuilder builder(String baseUrl) {
        return new MediaoptClientBuilder(baseUrl);
    }

    /** The lifetime usage counters ({@code GET /api/usage}). */
    public Usage getUsage() {
        return transport.callForJson(transport.request("/usage").GET().build(), Usage.class);
    }

    /** Uploads a file as an asynchronous job ({@code POST /api/media/jobs}); returns at once. */
    public JobSubmission submitJob(Path file, String preset) {
        return submitJob(file, preset, OptimizeOptions.DEFAULT);
    }

    /** Uploads a file as an asynchronous job asking these options of its output. */
    public JobSubmission submitJob(Path file, String preset, OptimizeOptions options) {
        return submitJob(LocalFiles.filenameOf(file), LocalFiles.publisherOf(file), preset, null, options);
    }

    /** Uploads bytes held in memory as an asynchronous job, named {@code filename}. */
    public JobSubmission submitJob(String filename, byte[] content, String preset) {
        return submitJob(filename, content, preset, OptimizeOptions.DEFAULT);
    }

    /** Bytes-in-memory form of {@link #submitJob(Path, String, OptimizeOptions)}. */
    public JobSubmission submitJob(String filename, byte[] content, String preset, OptimizeOptions options) {
        return submitJob(filename, BodyPublishers.ofByteArray(content), preset, null, options);
    }

    /**
     * Uploads a file as an asynchronous job that, when it ends, is posted to {@code callbackUrl}
     * (signed in the Standard Webhooks format: check it with {@link WebhookSignature#verify}).
     */
    public JobSubmission submitJob(Path file, String preset, URI callbackUrl) {
        return submitJob(LocalFiles.filenameOf(file), LocalFiles.publisherOf(file), preset, callbackText(callbackUrl),
                OptimizeOptions.DEFAULT);
    }

    /** Bytes-in-memory form of {@link #submitJob(Path, String, URI)}. */
    public JobSubmission submitJob(String filename, byte[] content, String preset, URI callbackUrl) {
        return submitJob(filename, BodyPublishers.ofByteArray(content), preset, callbackText(callbackUrl),
                OptimizeOptions.DEFAULT);
    }

    private JobSubmission submitJob(String filename, BodyPublisher media, String preset, String callbackUrl,
                                    OptimizeOptions options) {
        return transport.callForJson(upload("/media/jobs", filename, media, preset, callbackUrl, options).build(),
                JobSubmission.class);
    }

    /**
     * Uploads a file through the service's resumable uploads ({@code /api/uploads}, tus 1.0.0) in
     * 5 MB pieces, going on from where the service got to when a piece is lost to the network, and
     * returns the job its last byte made, as {@link #submitJob(Path, String, OptimizeOptions)}
     * would; {@code progress} hears how many bytes the service has after each piece.
     */
    public JobSubmission upload(Path file, String preset, OptimizeOptions options, UploadProgress progress) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        String jobId = new ResumableUploader(transport, ResumableUploader.CHUNK_BYTES)
                .upload(file, LocalFiles.filenameOf(file), LocalFiles.sizeOf(file), preset, options, progress);
        Job job = getJob(jobId);
        return new JobSubmission(job.jobId(), job.status(), job.createdAt() == null ? 0 : job.createdAt());
    }

    /**
     * Puts a file straight into the service's bucket and returns the job it makes, as
     * {@link #submitJob(Path, String, OptimizeOptions)} would; only for a service that keeps its
     * files in S3 ({@code 501 not-supported} otherwise). {@code contentType} is the file's media
     * type, such as {@code video/mp4}; the service reads the real size and kind from the object.
     */
    public JobSubmission directUpload(Path file, String contentType, String preset, OptimizeOptions options) {
        Objects.requireNonNull(options, "options");
        return new DirectUploader(transport).upload(file, requireText(contentType, "a media type"), preset, options);
    }

    /** Mints an upload token a browser uploads with instead of the key ({@code POST /api/uploads/tokens}). */
    public UploadToken createUploadToken(TokenRequest request) {
        byte[] body = transport.toJson(Objects.requireNonNull(request, "request"));
        return transport.callForJson(transport.request("/uploads/tokens").header("Content-Type", "application/json")
                .POST(BodyPublishers.ofByteArray(body)).build(), UploadToken.class);
    }

    /** The current state of a job ({@code GET /api/media/jobs/:id}). */
    public Job getJob(String jobId) {
        return transport.callForJson(transport.request(jobPath(jobId)).GET().build(), Job.class);
    }

    /**
     * Deletes a job and every file the service keeps for it ({@code DELETE /api/media/jobs/:id});
     * its links stop answering. A job still processing is refused ({@code 409 not-ready}); a job
     * that does not exist, or was deleted already, is {@code 404 not-found}.
     */
    public void deleteJob(String jobId) {
        transport.call(transport.request(jobPath(jobId)).DELETE().build());
    }

    /** {@link #waitForJob(String, Duration)} with {@link #DEFAULT_WAIT_TIMEOUT}. */
    public Job waitForJob(String jobId) {
        return waitForJob(jobId, DEFAULT_WAIT_TIMEOUT);
    }

    /**
     * Polls the job until it is done or failed and returns it in that state; a failed job is
     * returned, not thrown, since its {@code error} is the answer. Polls start 100 ms apart and
     * slow to one a second, so quick image jobs return quickly without hammering the service
     * during long video jobs. A {@code 503} with {@code Retry-After} (busy, or the service's
     * database or storage out for a while) is waited out as it asks, within the timeout.
     *
     * @throws MediaoptTimeoutException if the job is still running when {@code timeout} elapses
     */
    public Job waitForJob(String jobId, Duration timeout) {
        return JobPolling.untilEnded(this::getJob, jobId, timeout);
    }

    /**
     * Optimizes a file synchronously ({@code POST /api/media/optimize}) and returns the output in
     * memory with its metadata. For large outputs prefer {@link #optimizeTo}.
     */
    public Optimization optimize(Path file, String preset) {
        return optimize(file, preset, OptimizeOptions.DEFAULT);
    }

    /** {@link #optimize(Path, String)} asking these options of the output. */
    public Optimization optimize(Path file, String preset, OptimizeOptions options) {
        return optimize(LocalFiles.filenameOf(file), LocalFiles.publisherOf(file), preset, options);
    }

    /** Optimizes bytes held in memory synchronously; see {@link #optimize(Path, String)}. */
    public Optimization optimize(String filename, byte[] content, String preset) {
        return optimize(filename, content, preset, OptimizeOptions.DEFAULT);
    }

    /** Bytes-in-memory form of {@link #optimize(Path, String, OptimizeOptions)}. */
    public Optimization optimize(String filename, byte[] content, String preset, OptimizeOptions options) {
        return optimize(filename, BodyPublishers.ofByteArray(content), preset, options);
    }

    private Optimization optimize(String filename, BodyPublisher media, String preset, OptimizeOptions options) {
        HttpResponse<byte[]> response = transport.call(
                upload("/media/optimize", filename, media, preset, null, options).build());
        return new Optimization(ServiceHeaders.summary(response.headers()), response.body());
    }

    /**
     * Optimizes a file synchronously and streams the output to {@code target} (replaced if it
     * exists) without holding it in memory.
     */
    public OptimizationSummary optimizeTo(Path file, String preset, Path target) {
        return optimizeTo(file, preset, OptimizeOptions.DEFAULT, target);
    }

    /** {@link #optimizeTo(Path, String, Path)} asking these options of the output. */
    public OptimizationSummary optimizeTo(Path file, String preset, OptimizeOptions options, Path target) {
        Objects.requireNonNull(target, "target");
        HttpRequest request = upload("/media/optimize", LocalFiles.filenameOf(file), LocalFiles.publisherOf(file), preset, null, options)
                .build();
        return ServiceHeaders.summary(transport.callToFile(request, target));
    }

    /**
     * Optimizes a file synchronously but asks for the job JSON ({@code Accept: application/json})
     * instead of the bytes: the returned job is done, its output stored and downloadable.
     */
    public Job optimizeAsJob(Path file, String preset) {
        return optimizeAsJob(file, preset, OptimizeOptions.DEFAULT);
    }

    /** {@link #optimizeAsJob(Path, String)} asking these options of the output. */
    public Job optimizeAsJob(Path file, String preset, OptimizeOptions options) {
        return optimizeAsJob(LocalFiles.filenameOf(file), LocalFiles.publisherOf(file), preset, null, options);
    }

    /** Bytes-in-memory form of {@link #optimizeAsJob(Path, String)}. */
    public Job optimizeAsJob(String filename, byte[] content, String preset) {
        return optimizeAsJob(filename, BodyPublishers.ofByteArray(content), preset, null, OptimizeOptions.DEFAULT);
    }

    /** {@link #optimizeAsJob(String, byte[], String)}, also posting the done job to {@code callbackUrl}. */
    public Job optimizeAsJob(String filename, byte[] content, String preset, URI callbackUrl) {
        return optimizeAsJob(filename, BodyPublishers.ofByteArray(content), preset, callbackText(callbackUrl),
                OptimizeOptions.DEFAULT);
    }

    private Job optimizeAsJob(String filename, BodyPublisher media, String preset, String callbackUrl,
                              OptimizeOptions options) {
        HttpRequest request = upload("/media/optimize", filename, media, preset, callbackUrl, options)
                .header("Accept", "application/json")
                .build();
        return transport.callForJson(request, Job.class);
    }

    /**
     * Streams a finished job's output ({@code GET /api/media/jobs/:id/download}) to
     * {@code target}, replacing it if it exists.
     */
    public Download download(String jobId, Path target) {
        Objects.requireNonNull(target, "target");
        return Download.fetch(transport, jobPath(jobId) + "/download", target);
    }

    /**
     * The service's health ({@code GET /api/health}). A degraded service answers 503 with a
     * report; that report is returned, and only other failures throw.
     */
    public Health health() {
        return Health.fetch(transport);
    }

    /** The presets and their parameters ({@code GET /api/media/presets}) as the service sends them. */
    public JsonNode presets() {
        return transport.callForJson(transport.request("/media/presets").GET().build(), JsonNode.class);
    }

    /** The effective limits ({@code GET /api/media/limits}) as the service sends them. */
    public JsonNode limits() {
        return transport.callForJson(transport.request("/media/limits").GET().build(), JsonNode.class);
    }

    /** Releases the HTTP client if this client created it; one passed to the builder stays open. */
    @Override
    public void close() {
        transport.close();
    }

    private HttpRequest.Builder upload(String path, String filename, BodyPublisher media, String preset,
                                       String callbackUrl, OptimizeOptions options) {
        return MultipartForm.post(transport, path, requireText(filename, "a file name"), media, preset, callbackUrl,
                Objects.requireNonNull(options, "options"));
    }

    private static String callbackText(URI callbackUrl) {
        return Objects.requireNonNull(callbackUrl, "callbackUrl").toString();
    }

    private static String jobPath(String jobId) {
        return "/media/jobs/" + ApiBaseUrl.segment(requireText(jobId, "a job id"));
    }

    private static String requireText(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("Expected " + what + " but received " + value);
        }
        return value;
    }
}
