package io.mediaopt.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.TestService;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** API keys as interface.md 5 says, with keys set. */
class AuthApiTest {
    static TestService service;

    @BeforeAll
    static void start() throws Exception {
        service = TestService.start(Map.of("SERVICE_API_KEYS", "first-key,second-key"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void requestsWithoutAValidKeyGetTheExact401() throws Exception {
        for (String path : List.of("/usage", "/media/presets", "/media/jobs/abc", "/no/such/path")) {
            HttpResponse<String> r = Raw.send(Raw.request(service.baseUrl(), path).GET().build());
            assertThat(r.statusCode()).as(path).isEqualTo(401);
            assertThat(new ObjectMapper().readTree(r.body())).isEqualTo(new ObjectMapper().readTree(
                    "{\"error\":\"Unauthorized: valid API key required\",\"code\":\"unauthorized\"}"));
        }
        HttpResponse<String> wrong = Raw.send(Raw.request(service.baseUrl(), "/usage")
                .header("x-api-key", "first-kez").GET().build());
        assertThat(wrong.statusCode()).isEqualTo(401);
        HttpResponse<String> upload = Raw.send(RawMultipart.post(service.baseUrl(), "/media/optimize",
                List.of(Part.file("media", "a.jpg", new byte[]{1, 2, 3}))).build());
        assertThat(upload.statusCode()).isEqualTo(401);
    }

    @Test
    void eitherKeyWorksInEitherHeader() throws Exception {
        assertThat(Raw.send(Raw.request(service.baseUrl(), "/usage").header("x-api-key", "second-key").GET().build())
                .statusCode()).isEqualTo(200);
        assertThat(Raw.send(Raw.request(service.baseUrl(), "/usage").header("Authorization", "Bearer first-key")
                .GET().build()).statusCode()).isEqualTo(200);
        try (MediaoptClient client = service.client()) {
            assertThat(client.getUsage().totalJobs()).isZero();
        }
    }

    @Test
    void healthIsAlwaysPublic() throws Exception {
        HttpResponse<String> r = Raw.send(Raw.request(service.baseUrl(), "/health").GET().build());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"status\":\"ok\"");
    }

    @Test
    void withoutKeysConfiguredEverythingIsPublic() throws Exception {
        try (TestService open = TestService.start()) {
            HttpResponse<String> r = Raw.send(Raw.request(open.baseUrl(), "/usage").GET().build());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(Raw.send(Raw.request(open.baseUrl(), "/usage").method("HEAD", HttpRequest.BodyPublishers.noBody())
                    .build()).statusCode()).isEqualTo(200);
        }
    }
}
