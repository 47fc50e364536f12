package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Fixtures;
import io.mediaopt.Healthy;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.client.MediaoptApiException;
import org.assertj.core.api.ThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bad requests get a JSON error with the right status and code, and the service stays up. */
@Integration
class ErrorsApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.withDefaults();
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void missingMediaIsInvalidInputOnBothRoutes() throws Exception {
        for (String path : List.of("/media/jobs", "/media/optimize")) {
            expect(RawMultipart.post(server.baseUrl(), path, List.of(Part.text("preset", "web"))).build(),
                    400, "invalid-input");
        }
    }

    @Test
    void mediaSentAsTextInsteadOfAFileIsInvalidInput() throws Exception {
        expect(RawMultipart.post(server.baseUrl(), "/media/jobs", List.of(Part.text("media", "not a file"))).build(),
                400, "invalid-input");
    }

    @Test
    void emptyFileIsInvalidInput() {
        expectApiError(() -> server.client().optimize("empty.jpg", new byte[0], "web"), 400, "invalid-input");
        expectApiError(() -> server.client().submitJob("empty.jpg", new byte[0], "web"), 400, "invalid-input");
    }

    @Test
    void unknownPresetIsRefusedNamingTheValidOnes() throws Exception {
        HttpResponse<String> r = expect(RawMultipart.post(server.baseUrl(), "/media/optimize", List.of(
                Part.file("media", "a.png", Files.readAllBytes(Fixtures.png())),
                Part.text("preset", "ultra"))).build(), 400, "invalid-input");
        assertThat(r.body()).contains("web").contains("mobile").contains("low-bandwidth").contains("ultra");
    }

    @Test
    void notMultipartOrMalformedMultipartIsInvalidInput() throws Exception {
        expect(Raw.request(server.baseUrl(), "/media/jobs").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), 400, "invalid-input");
        expect(Raw.request(server.baseUrl(), "/media/jobs")
                .header("Content-Type", "multipart/form-data; boundary=xyz")
                .POST(HttpRequest.BodyPublishers.ofString("--xyz\r\nContent-Disposition: form-data; name=\"media\"; fi"))
                .build(), 400, "invalid-input");
    }

    @Test
    void aTextFileIsAnUnsupportedTypeWhateverItsName() {
        byte[] text = "just some words, not an image".getBytes();
        expectApiError(() -> server.client().optimize("photo.jpg", text, "web"), 415, "unsupported-type");
        expectApiError(() -> server.client().submitJob("clip.mp4", text, "web"), 415, "unsupported-type");
    }

    @Test
    void aTruncatedImageIsUnreadableMedia() {
        expectApiError(() -> server.client().optimize("broken.jpg", Fixtures.truncatedJpeg(), "web"), 422, "unreadable-media");
    }

    @Test
    void unknownPathsAreJsonNotFound() throws Exception {
        expect(Raw.request(server.baseUrl(), "/nothing/here").GET().build(), 404, "not-found");
    }

    @Test
    void theServiceStillAnswersAfterAllThat() throws Exception {
        assertThat(Healthy.report(server.client()).ok()).isTrue();
    }

    static HttpResponse<String> expect(HttpRequest request, int status, String code) throws Exception {
        HttpResponse<String> response = Raw.send(request);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.path("code").asText()).isEqualTo(code);
        assertThat(body.path("error").asText()).isNotBlank();
        return response;
    }

    static void expectApiError(ThrowableAssert.ThrowingCallable call, int status, String code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(MediaoptApiException.class, e -> {
            assertThat(e.status()).as(e.toString()).isEqualTo(status);
            assertThat(e.code()).isEqualTo(code);
            assertThat(e.getMessage()).isNotBlank();
        });
    }
}
