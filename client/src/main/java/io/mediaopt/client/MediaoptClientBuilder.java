package io.mediaopt.client;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;

/** Configures a {@link MediaoptClient}; obtained from {@link MediaoptClient#builder(String)}. */
public final class MediaoptClientBuilder {
    /**
     * How long a single request may take before its response starts. Generous because a
     * synchronous video optimization may queue for a worker and then encode for minutes.
     */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final ApiBaseUrl baseUrl;
    private String apiKey;
    private String uploadToken;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private HttpClient httpClient;

    MediaoptClientBuilder(String baseUrl) {
        this.baseUrl = ApiBaseUrl.parse(baseUrl);
    }

    /** The key sent as {@code x-api-key} on every request; null or blank sends none. */
    public MediaoptClientBuilder apiKey(String apiKey) {
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey.strip();
        return this;
    }

    /**
     * An upload token ({@link MediaoptClient#createUploadToken}) sent as {@code Authorization:
     * Bearer} in place of a key: the client may then make one upload and read its job. Wins over
     * {@link #apiKey}; null or blank sends none.
     */
    public MediaoptClientBuilder uploadToken(String uploadToken) {
        this.uploadToken = uploadToken == null || uploadToken.isBlank() ? null : uploadToken.strip();
        return this;
    }

    /** The time limit for each request to receive its response headers. */
    public MediaoptClientBuilder requestTimeout(Duration requestTimeout) {
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException(
                    "Expected a positive request timeout but received " + requestTimeout);
        }
        this.requestTimeout = requestTimeout;
        return this;
    }

    /** An HttpClient to reuse (its connection pool, executor, proxy); it is not closed with the client. */
    public MediaoptClientBuilder httpClient(HttpClient httpClient) {
        this.httpClient = Objects.requireNonNull(httpClient, "httpClient");
        return this;
    }

    public MediaoptClient build() {
        boolean ownsHttp = httpClient == null;
        HttpClient http = ownsHttp ? defaultHttpClient() : httpClient;
        return new MediaoptClient(new ApiTransport(baseUrl, apiKey, uploadToken, requestTimeout, http,
                ownsHttp));
    }

    /**
     * HTTP/1.1 because the default HTTP/2 attempt over plain http sends an h2c upgrade that
     * some servers mishandle on uploads. Redirects are not followed so the API key is never
     * sent to a host the caller did not name.
     */
    private static HttpClient defaultHttpClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }
}
