package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaopt.client.StubApiServer.Canned;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ServiceInfoTest {
    StubApiServer server;

    @BeforeEach
    void start() throws IOException {
        server = StubApiServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void readsUsageAndSendsTheApiKey() {
        server.on("GET", "/api/usage", Canned.json(200, """
                {"totalJobs":3,"totalInputBytes":3000,"totalOutputBytes":1000,"totalSavedBytes":2000}
                """));

        try (var client = MediaoptClient.builder(server.baseUrl()).apiKey("secret").build()) {
            assertThat(client.getUsage()).isEqualTo(new Usage(3, 3000, 1000, 2000));
        }
        assertThat(server.lastRequest().method()).isEqualTo("GET");
        assertThat(server.lastRequest().header("x-api-key")).isEqualTo("secret");
    }

    @Test
    void sendsNoKeyHeaderWhenNoneIsConfigured() {
        server.on("GET", "/api/usage", Canned.json(200, "{}"));

        try (var client = MediaoptClient.builder(server.baseUrl()).apiKey("  ").build()) {
            client.getUsage();
        }
        assertThat(server.lastRequest().headers().containsKey("x-api-key")).isFalse();
    }

    @Test
    void anUnauthorizedAnswerKeepsTheServicesWords() {
        server.on("GET", "/api/usage", Canned.error(401, "unauthorized", "Unauthorized: valid API key required"));

        try (var client = MediaoptClient.create(server.baseUrl())) {
            assertThatThrownBy(client::getUsage)
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                        assertThat(e.status()).isEqualTo(401);
                        assertThat(e.code()).isEqualTo("unauthorized");
                        assertThat(e.getMessage()).isEqualTo("Unauthorized: valid API key required");
                    });
        }
    }

    @Test
    void aHealthyServiceReportsOk() {
        server.on("GET", "/api/health", Canned.json(200, """
                {"status":"ok","checks":{"ffmpeg":"ok","storage":{"status":"ok","ms":2}}}
                """));

        try (var client = MediaoptClient.create(server.baseUrl())) {
            Health health = client.health();
            assertThat(health.ok()).isTrue();
            assertThat(health.httpStatus()).isEqualTo(200);
            assertThat(health.checks()).containsOnlyKeys("ffmpeg", "storage");
            assertThat(health.checks().get("storage").path("ms").asInt()).isEqualTo(2);
        }
    }

    @Test
    void aDegradedServiceIsAReportNotAnException() {
        server.on("GET", "/api/health", Canned.json(503, """
                {"status":"degraded","checks":{"ffmpeg":"ok","database":"unreachable"}}
                """));

        try (var client = MediaoptClient.create(server.baseUrl())) {
            Health health = client.health();
            assertThat(health.ok()).isFalse();
            assertThat(health.httpStatus()).isEqualTo(503);
            assertThat(health.status()).isEqualTo("degraded");
            assertThat(health.checks().get("database").asText()).isEqualTo("unreachable");
        }
    }

    @Test
    void aHealthAnswerThatIsNotAReportIsAnError() {
        server.on("GET", "/api/health", new Canned(503, Map.of(), "Service Unavailable".getBytes()));

        try (var client = MediaoptClient.create(server.baseUrl())) {
            assertThatThrownBy(client::health)
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> assertThat(e.code()).isEqualTo("http-503"));
        }
    }

    @Test
    void presetsAndLimitsArriveAsJson() {
        server.on("GET", "/api/media/presets", Canned.json(200, """
                {"defaultPreset":"web","presets":[{"name":"web"},{"name":"mobile"},{"name":"low-bandwidth"}]}
                """));
        server.on("GET", "/api/media/limits", Canned.json(200, "{\"maxInputBytes\":125829120}"));

        try (var client = MediaoptClient.create(server.baseUrl())) {
            assertThat(client.presets().path("defaultPreset").asText()).isEqualTo("web");
            assertThat(client.presets().path("presets")).hasSize(3);
            assertThat(client.limits().path("maxInputBytes").asLong()).isEqualTo(125829120L);
        }
    }

    @Test
    void aSuccessBodyThatIsNotJsonIsReportedAsSuch() {
        server.on("GET", "/api/usage", new Canned(200, Map.of(), "<html></html>".getBytes()));

        try (var client = MediaoptClient.create(server.baseUrl())) {
            assertThatThrownBy(client::getUsage)
                    .isExactlyInstanceOf(MediaoptException.class)
                    .hasMessageContaining("Expected JSON for Usage from GET " + server.baseUrl() + "/usage");
        }
    }

    @Test
    void aServiceThatIsNotListeningIsAnIoFailure() throws IOException {
        int closedPort;
        try (var socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        var builder = MediaoptClient.builder("http://127.0.0.1:" + closedPort + "/api")
                .requestTimeout(Duration.ofSeconds(5));

        try (var client = builder.build()) {
            assertThatThrownBy(client::getUsage)
                    .isInstanceOf(MediaoptIOException.class)
                    .hasMessage("GET http://127.0.0.1:" + closedPort + "/api/usage failed: could not connect to 127.0.0.1:"
                            + closedPort + " (nothing listens there, or it refused)")
                    .hasCauseInstanceOf(IOException.class);
        }
    }
}
