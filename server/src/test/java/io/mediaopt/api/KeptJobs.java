package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Jobs submitted with the keeping fields, their stable links fetched as a browser or a CDN would. */
final class KeptJobs {
    static final ObjectMapper JSON = new ObjectMapper();

    private KeptJobs() {}

    /** The form fields, in order: {@code "keep", "true", "visibility", "public"}. */
    static Map<String, String> fields(String... namesAndValues) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) fields.put(namesAndValues[i], namesAndValues[i + 1]);
        return fields;
    }

    /**
     * Submits the file as a job of the web preset with {@code key} (null: none) and these fields;
     * returns its id. A 503 (storage slow to answer on a loaded machine) is sent again, as it asks.
     */
    static String submit(String baseUrl, String key, Path file, Map<String, String> fields) throws Exception {
        List<Part> parts = new ArrayList<>(List.of(Part.file("media", file.getFileName().toString(),
                Files.readAllBytes(file)), Part.text("preset", "web")));
        fields.forEach((name, value) -> parts.add(Part.text(name, value)));
        HttpRequest.Builder post = RawMultipart.post(baseUrl, "/media/jobs", parts);
        if (key != null) post.header("x-api-key", key);
        HttpResponse<String> answer = Raw.send(post.build());
        for (int retries = 0; answer.statusCode() == 503 && retries < 3; retries++) {
            Thread.sleep(Duration.ofSeconds(Long.parseLong(answer.headers().firstValue("Retry-After").orElse("1"))));
            answer = Raw.send(post.build());
        }
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(202);
        return JSON.readTree(answer.body()).path("jobId").asText();
    }

    /** The job as GET shows it to {@code key}. */
    static HttpResponse<String> get(String baseUrl, String key, String id) throws Exception {
        HttpRequest.Builder get = Raw.request(baseUrl, "/media/jobs/" + id);
        return Raw.send((key == null ? get : get.header("x-api-key", key)).build());
    }

    /** Waits until the job has ended and returns it; it must be done. */
    static JsonNode awaitDone(String baseUrl, String key, String id) throws Exception {
        JsonNode job = Eventually.await(Duration.ofMinutes(3), () -> JSON.readTree(get(baseUrl, key, id).body()),
                j -> !j.path("status").asText().matches("pending|processing"));
        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("done");
        return job;
    }

    static HttpResponse<String> delete(String baseUrl, String key, String id) throws Exception {
        HttpRequest.Builder delete = Raw.request(baseUrl, "/media/jobs/" + id).DELETE();
        return Raw.send((key == null ? delete : delete.header("x-api-key", key)).build());
    }

    /** GET of a URL with no key, and these headers (name, value, ...). */
    static HttpResponse<byte[]> fetch(String url, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
        for (int i = 0; i < headers.length; i += 2) request.header(headers[i], headers[i + 1]);
        return Raw.HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static final Pattern NAMED = Pattern.compile("URI=\"([^\"]+)\"|^([^#\\s]\\S*)$", Pattern.MULTILINE);

    /** The URIs an HLS playlist names, in its tags' URI attributes and on lines of their own. */
    static List<String> named(String playlist) {
        List<String> uris = new ArrayList<>();
        Matcher m = NAMED.matcher(playlist);
        while (m.find()) uris.add(m.group(1) != null ? m.group(1) : m.group(2));
        return uris;
    }

    /** A media link that leads nowhere: 404, and not to be cached. */
    static void assertRefused(String url) throws Exception {
        HttpResponse<byte[]> answer = fetch(url);
        assertThat(answer.statusCode()).as(url).isEqualTo(404);
        assertThat(answer.headers().firstValue("Cache-Control")).hasValue("no-store");
    }

    /** The rows of job {@code id} in the job store of the server that writes to {@code outputDir}. */
    static long rowsOf(Path outputDir, String id) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + outputDir.resolve("jobs.db"));
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM jobs WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /**
     * A link's signature as docs/api.md describes it: HMAC-SHA256 over {@code jobId\nname\nexp}
     * with the key HMAC-SHA256(API key, "mediaopt media url v1"), URL-safe Base64 without padding.
     */
    static String signature(String apiKey, String jobId, String name, long exp) throws Exception {
        byte[] derived = hmac(apiKey.getBytes(StandardCharsets.UTF_8), "mediaopt media url v1");
        return Base64.getUrlEncoder().withoutPadding().encodeToString(hmac(derived, jobId + "\n" + name + "\n" + exp));
    }

    private static byte[] hmac(byte[] key, String text) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
    }
}
