package io.mediaopt.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

/**
 * Sends requests to the API and turns what comes back into values or exceptions: adds the API
 * key to every request, maps non-2xx answers to {@link MediaoptApiException}, and wraps I/O
 * failures and interruptions so callers see one unchecked family of exceptions.
 */
final class ApiTransport implements AutoCloseable {
    private static final String USER_AGENT = "mediaopt-java-client";
    /** An error body is a small JSON object; a proxy's HTML page does not need reading whole. */
    private static final int MAX_ERROR_BODY_BYTES = 64 * 1024;

    private final ApiBaseUrl baseUrl;
    private final String apiKey;
    private final String uploadToken;
    private final Duration requestTimeout;
    private final HttpClient http;
    private final boolean ownsHttp;
    private final ObjectMapper json;
    private final ErrorResponses errors;

    ApiTransport(ApiBaseUrl baseUrl, String apiKey, String uploadToken, Duration requestTimeout, HttpClient http,
                 boolean ownsHttp) {
        this.baseUrl = baseUrl;
        this.apiKey = apiKey;
        this.uploadToken = uploadToken;
        this.requestTimeout = requestTimeout;
        this.http = http;
        this.ownsHttp = ownsHttp;
        // The service may add fields; an older client must keep working when it does.
        this.json = JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
        this.errors = new ErrorResponses(json, Clock.systemUTC());
    }

    ObjectMapper json() {
        return json;
    }

    /** The JSON body of a request. */
    byte[] toJson(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new MediaoptException("Could not write the request's fields: " + e.getMessage(), e);
        }
    }

    /** A request to {@code path} (relative to /api) carrying the upload token, else the API key, when one is set. */
    HttpRequest.Builder request(String path) {
        var builder = HttpRequest.newBuilder(baseUrl.resolve(path))
                .timeout(requestTimeout)
                .header("User-Agent", USER_AGENT);
        if (uploadToken != null) {
            builder.header("Authorization", "Bearer " + uploadToken);
        } else if (apiKey != null) {
            builder.header("x-api-key", apiKey);
        }
        return builder;
    }

    /** Sends and returns the response whatever its status; for answers where non-2xx is normal. */
    HttpResponse<byte[]> exchange(HttpRequest request) {
        return send(request, BodyHandlers.ofByteArray());
    }

    /** Sends and returns the 2xx response, or throws the API's error. */
    HttpResponse<byte[]> call(HttpRequest request) {
        HttpResponse<byte[]> response = exchange(request);
        if (!isSuccess(response.statusCode())) {
            throw apiError(response.statusCode(), response.headers(), response.body());
        }
        return response;
    }

    /** Sends, expects 2xx, and reads the JSON body as {@code type}. */
    <T> T callForJson(HttpRequest request, Class<T> type) {
        return readJson(request, call(request).body(), type);
    }

    <T> T readJson(HttpRequest request, byte[] body, Class<T> type) {
        try {
            return json.readValue(body, type);
        } catch (IOException e) {
            throw new MediaoptException("Expected JSON for " + type.getSimpleName() + " from "
                    + describe(request) + " but could not read it: " + e.getMessage(), e);
        }
    }

    MediaoptApiException apiError(int status, HttpHeaders headers, byte[] body) {
        return errors.toException(status, headers, body);
    }

    /**
     * Sends, expects 2xx, and streams the body to {@code target} without holding it in memory.
     * The body lands in a temporary file beside the target first, so a broken transfer never
     * leaves a truncated file under the target's name.
     */
    HttpHeaders callToFile(HttpRequest request, Path target) {
        HttpResponse<InputStream> response = send(request, BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            if (!isSuccess(response.statusCode())) {
                throw apiError(response.statusCode(), response.headers(), body.readNBytes(MAX_ERROR_BODY_BYTES));
            }
            Path absolute = target.toAbsolutePath();
            // Not Files.createTempFile: its owner-only permissions would stick to the saved file.
            Path partial = absolute.resolveSibling("." + absolute.getFileName() + "." + UUID.randomUUID() + ".part");
            try {
                Files.copy(body, partial, StandardCopyOption.REPLACE_EXISTING);
                moveIntoPlace(partial, absolute);
            } finally {
                Files.deleteIfExists(partial);
            }
            return response.headers();
        } catch (IOException e) {
            throw new MediaoptIOException("Could not save the response of " + describe(request)
                    + " to " + target + ": " + e.getMessage(), e);
        }
    }

    private static void moveIntoPlace(Path partial, Path target) throws IOException {
        try {
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        try {
            return http.send(request, handler);
        } catch (IOException e) {
            throw new MediaoptIOException(describe(request) + " failed: " + reason(request, e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MediaoptInterruptedException("Interrupted while waiting for " + describe(request), e);
        }
    }

    /** What went wrong, in words: Java's HTTP client throws most of these without a message. */
    private String reason(HttpRequest request, IOException e) {
        String where = request.uri().getHost() + (request.uri().getPort() < 0 ? "" : ":" + request.uri().getPort());
        if (e instanceof HttpConnectTimeoutException) return "no connection to " + where + " within the connect timeout";
        if (e instanceof HttpTimeoutException) return "no answer within the request timeout of " + requestTimeout;
        if (e instanceof ConnectException) return "could not connect to " + where + " (nothing listens there, or it refused)";
        return e.getMessage() == null ? e.getClass().getName() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    static boolean isSuccess(int status) {
        return status >= 200 && status < 300;
    }

    private static String describe(HttpRequest request) {
        return request.method() + " " + request.uri();
    }

    /** Only an HttpClient this client created is closed; a caller's shared one stays open. */
    @Override
    public void close() {
        if (ownsHttp) {
            http.close();
        }
    }
}
