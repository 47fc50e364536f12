package io.mediaopt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.RawMultipart.Part;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The requests of upload tokens (docs/api-uploads.md, Upload tokens), as a backend and a browser send them. */
public final class TokenCalls {
    public static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private final String baseUrl;

    public TokenCalls(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** POST /api/uploads/tokens with {@code key} and {@code body}, whatever the answer. */
    public HttpResponse<String> mintAnswer(String key, Map<String, ?> body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + "/uploads/tokens"))
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (key != null) request.header("x-api-key", key);
        return send(request.build());
    }

    /** A token {@code key} minted with {@code body}. */
    public String mint(String key, Map<String, ?> body) throws Exception {
        HttpResponse<String> answer = mintAnswer(key, body);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        return JSON.readTree(answer.body()).path("token").asText();
    }

    /** A tus creation of {@code length} bytes with {@code fields} as its metadata, the token as a Bearer header. */
    public HttpResponse<String> tusCreate(String token, long length, Map<String, String> fields, String... headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + "/uploads"))
                .header("Tus-Resumable", "1.0.0").header("Authorization", "Bearer " + token)
                .header("Upload-Length", Long.toString(length)).header("Upload-Metadata", metadata(fields))
                .POST(BodyPublishers.noBody());
        if (headers.length > 0) request.headers(headers);
        return send(request.build());
    }

    /** The bytes of a tus upload at {@code location} from {@code offset}, the token in ?token=. */
    public HttpResponse<String> tusPatch(String location, String token, long offset, byte[] bytes, String... headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(location + "?token=" + token))
                .header("Tus-Resumable", "1.0.0").header("Upload-Offset", Long.toString(offset))
                .header("Content-Type", "application/offset+octet-stream")
                .method("PATCH", BodyPublishers.ofByteArray(bytes));
        if (headers.length > 0) request.headers(headers);
        return send(request.build());
    }

    /** A whole upload through tus with the token; the answer to its last PATCH. */
    public HttpResponse<String> tusUpload(String token, String filename, byte[] bytes, String... headers) throws Exception {
        HttpResponse<String> created = tusCreate(token, bytes.length, Map.of("filename", filename), headers);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return tusPatch(created.headers().firstValue("Location").orElseThrow(), token, 0, bytes, headers);
    }

    /** POST /api/media/jobs of {@code bytes} with the form's {@code fields}, the token as a Bearer header. */
    public HttpResponse<String> submit(String token, String filename, byte[] bytes, Map<String, String> fields,
                                       String... headers) throws Exception {
        List<Part> parts = new ArrayList<>(List.of(Part.file("media", filename, bytes)));
        fields.forEach((name, value) -> parts.add(Part.text(name, value)));
        HttpRequest.Builder request = RawMultipart.post(baseUrl, "/media/jobs", parts)
                .header("Authorization", "Bearer " + token);
        if (headers.length > 0) request.headers(headers);
        return send(request.build());
    }

    /** GET of a job with the token in ?token=. */
    public HttpResponse<String> job(String jobId, String token) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + "/media/jobs/" + jobId + "?token=" + token)).build());
    }

    /** The job, once done, read with the token alone. */
    public JsonNode doneJob(String jobId, String token) throws Exception {
        return Eventually.await(Duration.ofMinutes(2), () -> JSON.readTree(job(jobId, token).body()),
                j -> j.path("status").asText().equals("done"));
    }

    /** Asserts the answer's status and code. */
    public static void assertRefused(HttpResponse<String> answer, int status, String code) throws Exception {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
        assertThat(JSON.readTree(answer.body()).path("code").asText()).as(answer.body()).isEqualTo(code);
    }

    public static String metadata(Map<String, String> fields) {
        return fields.entrySet().stream().map(e -> e.getKey() + " " + Base64.getEncoder()
                .encodeToString(e.getValue().getBytes(StandardCharsets.UTF_8))).collect(Collectors.joining(","));
    }

    public static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
