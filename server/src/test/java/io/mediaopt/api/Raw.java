package io.mediaopt.api;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Plain HTTP for what the client library deliberately never sends: malformed or odd requests.
 * Forms are built with {@link io.mediaopt.RawMultipart}.
 */
final class Raw {
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private Raw() {}

    static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** Sends the request, which must be answered well within the time a stalled dependency would hold it. */
    static HttpResponse<String> answeredSoon(HttpRequest request) throws Exception {
        long started = System.nanoTime();
        HttpResponse<String> answer = send(request);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as(request.uri().getPath())
                .isLessThan(Duration.ofSeconds(5));
        return answer;
    }

    static HttpRequest.Builder request(String baseUrl, String path) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path));
    }

    /** The body of a {@code GET} of {@code url}, which must answer 200. */
    static byte[] bytesOf(String url) throws Exception {
        HttpResponse<byte[]> answer = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(answer.statusCode()).as(url).isEqualTo(200);
        return answer.body();
    }
}
