package io.mediaopt.api;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLSession;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The judge of {@link OpenApiConformanceTest} on answers made up to break the document's
 * promises, so that its passing there means the server kept them.
 */
class ApiContractJudgeTest {
    static final String BASE = "http://127.0.0.1:8080/api";
    static ApiContract contract;

    @BeforeAll
    static void loadContract() throws Exception {
        contract = ApiContract.load();
    }

    @Test
    void theJudgeFindsAnswersTheDocumentDoesNotPromise() throws Exception {
        URI job = URI.create(BASE + "/media/jobs/x");
        Map<String, List<String>> json = Map.of("Content-Type", List.of("application/json"),
                "X-Content-Type-Options", List.of("nosniff"));
        assertThat(contract.problems("GET", job, answer(200, json, "{\"jobId\":\"x\",\"status\":\"sleeping\"}")))
                .anyMatch(p -> p.contains("required header x-service-total-jobs"))
                .anyMatch(p -> p.contains("status"))
                .anyMatch(p -> p.contains("preset"));
        assertThat(contract.problems("GET", job, answer(418, json, "{}")))
                .contains("GET /api/media/jobs/{id} answered 418, which is not documented");
        assertThat(contract.problems("GET", job, answer(404, json, "{\"error\":\"gone\",\"code\":\"busy\"}")))
                .anyMatch(p -> p.contains("code"));
        assertThat(contract.problems("PUT", job, answer(404, json, "{}")))
                .contains("PUT /api/media/jobs/{id} is not documented (answered 404)");
        assertThat(contract.problems("GET", URI.create(BASE + "/nothing"), answer(404, json,
                "{\"error\":\"gone\",\"code\":\"not-found\"}")))
                .containsExactly("the header x-request-id is missing");
    }

    static HttpResponse<byte[]> answer(int status, Map<String, List<String>> headers, String body) {
        return new HttpResponse<>() {
            public int statusCode() { return status; }
            public HttpRequest request() { return null; }
            public Optional<HttpResponse<byte[]>> previousResponse() { return Optional.empty(); }
            public HttpHeaders headers() { return HttpHeaders.of(headers, (a, b) -> true); }
            public byte[] body() { return body.getBytes(StandardCharsets.UTF_8); }
            public Optional<SSLSession> sslSession() { return Optional.empty(); }
            public URI uri() { return null; }
            public HttpClient.Version version() { return HttpClient.Version.HTTP_1_1; }
        };
    }
}
