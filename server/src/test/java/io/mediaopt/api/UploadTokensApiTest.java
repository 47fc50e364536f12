package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.TestService;
import io.mediaopt.TokenCalls;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.mediaopt.TokenCalls.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Upload tokens as docs/api-uploads.md (Upload tokens) says: a key mints one, a browser uploads with it
 * and no key (tus or the form) and reads the status of that one job, which belongs to the key.
 */
@Integration
class UploadTokensApiTest {
    private static final String KEY = "backend-7c1e9a40d2";
    private static final String OTHER = "other-3b8d2f61ac";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1",
            "SERVICE_API_KEYS", "backend:" + KEY + ",other:" + OTHER));
    static byte[] photo;
    static TokenCalls calls;

    @BeforeAll
    static void fixtures() throws Exception {
        photo = Files.readAllBytes(Fixtures.photoJpeg(320, 240));
        calls = new TokenCalls(server.baseUrl());
    }

    @Test
    void aTokenUploadsOnceThroughTusAndReadsItsJobWhichTheKeyOwns() throws Exception {
        HttpResponse<String> minted = calls.mintAnswer(KEY, Map.of("preset", "mobile", "quality", 70));
        assertThat(minted.statusCode()).as(minted.body()).isEqualTo(201);
        JsonNode answer = TokenCalls.JSON.readTree(minted.body());
        String token = answer.path("token").asText();
        assertThat(answer.path("uploadUrl").asText()).isEqualTo(server.baseUrl() + "/uploads");
        Instant expires = Instant.parse(answer.path("expiresAt").asText());
        assertThat(expires).isBetween(Instant.now().plus(Duration.ofMinutes(59)), Instant.now().plus(Duration.ofMinutes(61)));

        HttpResponse<String> last = calls.tusUpload(token, "photo.jpg", photo);
        assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
        String jobId = last.headers().firstValue("x-service-job-id").orElseThrow();
        JsonNode job = calls.doneJob(jobId, token);
        assertThat(job.path("preset").asText()).isEqualTo("mobile");
        assertThat(job.path("options").path("quality").asInt()).isEqualTo(70);

        assertThat(server.client().getJob(jobId).jobId()).as("the minting key's job").isEqualTo(jobId);
        JsonNode usage = TokenCalls.JSON.readTree(Raw.send(Raw.request(server.baseUrl(), "/usage")
                .header("x-api-key", KEY).build()).body());
        assertThat(usage.path("key").path("name").asText()).isEqualTo("backend");
        assertThat(usage.path("key").path("jobs").asLong()).as("counted for the minting key").isPositive();
        assertThat(Raw.send(Raw.request(server.baseUrl(), "/media/jobs/" + jobId).header("x-api-key", OTHER).build())
                .statusCode()).as("not another key's").isEqualTo(404);
        assertRefused(calls.tusCreate(token, photo.length, Map.of("filename", "again.jpg")), 403, "token-used");
        assertRefused(calls.submit(token, "again.jpg", photo, Map.of()), 403, "token-used");
    }

    @Test
    void aTokenUploadsThroughTheFormWithItsFieldsAndReadsOnlyItsJob() throws Exception {
        String token = calls.mint(KEY, Map.of("format", "avif", "kind", "image", "maxBytes", photo.length));
        HttpResponse<String> submitted = calls.submit(token, "photo.jpg", photo, Map.of("preset", "web"));
        assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
        String jobId = TokenCalls.JSON.readTree(submitted.body()).path("jobId").asText();
        JsonNode job = calls.doneJob(jobId, token);
        assertThat(job.path("result").path("contentType").asText()).isEqualTo("image/avif");

        String otherJob = server.client().submitJob("other.jpg", photo, "web").jobId();
        assertRefused(calls.job(otherJob, token), 403, "token-scope");
        for (String path : new String[] {"/usage", "/media/jobs/" + jobId + "/download", "/uploads/tokens"}) {
            HttpResponse<String> r = TokenCalls.send(Raw.request(server.baseUrl(), path + "?token=" + token).build());
            assertThat(r.statusCode()).as(path).isEqualTo(401);
        }
        assertRefused(calls.mintAnswer(null, Map.of()), 401, "unauthorized");
    }

    @Test
    void aTokenThatKeepsTheJobGivesThePageSignedLinksThatNeedNoKey() throws Exception {
        String token = calls.mint(KEY, Map.of("keep", true, "linkTtlSec", 600, "kind", "image"));
        assertRefused(calls.submit(token, "p.jpg", photo, Map.of("keep", "false")), 403, "token-scope");
        HttpResponse<String> submitted = calls.submit(token, "p.jpg", photo, Map.of());
        assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
        JsonNode job = calls.doneJob(TokenCalls.JSON.readTree(submitted.body()).path("jobId").asText(), token);
        assertThat(job.path("keep").path("visibility").asText()).as(job.toString()).isEqualTo("private");
        assertThat(job.path("keep").path("linkTtlSec").asInt()).isEqualTo(600);

        String link = job.path("downloadUrl").asText();
        assertThat(link).matches(".*/media/" + job.path("jobId").asText() + "/output/[^?]+\\?exp=[0-9]+&sig=[\\w-]+");
        HttpResponse<byte[]> fetched = Raw.HTTP.send(HttpRequest.newBuilder(java.net.URI.create(link)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(fetched.statusCode()).as("no key, no token: the signature lets it in").isEqualTo(200);
        assertThat((long) fetched.body().length).isEqualTo(job.path("result").path("outputBytes").asLong());
        HttpResponse<byte[]> unsigned = Raw.HTTP.send(HttpRequest.newBuilder(
                java.net.URI.create(link.substring(0, link.indexOf('?')))).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(unsigned.statusCode()).isEqualTo(404);
    }

    @Test
    void anUploaderThatCannotSetHeadersGoesOnWithTheUrlItWasGiven() throws Exception {
        String token = calls.mint(KEY, Map.of());
        HttpResponse<String> created = TokenCalls.send(HttpRequest.newBuilder(
                        java.net.URI.create(server.baseUrl() + "/uploads?token=" + token))
                .header("Tus-Resumable", "1.0.0").header("Upload-Length", Integer.toString(photo.length))
                .header("Upload-Metadata", TokenCalls.metadata(Map.of("filename", "p.jpg")))
                .POST(HttpRequest.BodyPublishers.noBody()).build());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String location = created.headers().firstValue("Location").orElseThrow();
        assertThat(location).endsWith("?token=" + token);
        HttpResponse<String> patched = TokenCalls.send(HttpRequest.newBuilder(java.net.URI.create(location))
                .header("Tus-Resumable", "1.0.0").header("Upload-Offset", "0")
                .header("Content-Type", "application/offset+octet-stream")
                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(photo)).build());
        assertThat(patched.statusCode()).as(patched.body()).isEqualTo(204);
        assertThat(calls.tusCreate(token, 10, Map.of("filename", "p.jpg")).headers().firstValue("Location"))
                .as("refused, no upload").isEmpty();
    }

    @Test
    void mintingChecksTheFieldsAsTheFormWould() throws Exception {
        for (Map<String, ?> body : List.<Map<String, ?>>of(Map.of("preset", "nope"), Map.of("quality", "１２"),
                Map.of("format", "bmp"), Map.of("width", 0), Map.of("renditions", "hls,bogus"),
                Map.of("expiresInSec", 86_401), Map.of("expiresInSec", 0), Map.of("maxBytes", -1),
                Map.of("kind", "audio"), Map.of("origin", "https://shop.example/page"), Map.of("filename", "x.jpg"),
                Map.of("colour", "blue"), Map.of("callbackUrl", "http://127.0.0.1/hook"),
                Map.of("keep", false, "visibility", "public"), Map.of("linkTtlSec", 10))) {
            assertRefused(calls.mintAnswer(KEY, body), 400, "invalid-input");
        }
        JsonNode day = TokenCalls.JSON.readTree(calls.mintAnswer(KEY, Map.of("expiresInSec", 86_400)).body());
        assertThat(Instant.parse(day.path("expiresAt").asText())).isAfter(Instant.now().plus(Duration.ofHours(23)));
    }

    @Test
    void aFormFieldOtherThanTheTokensIsRefusedAndNoneGetsTheTokens() throws Exception {
        String token = calls.mint(KEY, Map.of("preset", "mobile", "format", "webp"));
        assertRefused(calls.submit(token, "p.jpg", photo, Map.of("format", "avif")), 403, "token-scope");
        assertRefused(calls.tusCreate(token, photo.length, Map.of("filename", "p.jpg", "preset", "web")), 403, "token-scope");
        HttpResponse<String> same = calls.submit(token, "p.jpg", photo, Map.of("preset", "mobile"));
        assertThat(same.statusCode()).as("the token's own value may be sent: " + same.body()).isEqualTo(202);
        JsonNode job = calls.doneJob(TokenCalls.JSON.readTree(same.body()).path("jobId").asText(), token);
        assertThat(job.path("result").path("contentType").asText()).isEqualTo("image/webp");
    }

    @Test
    void everyAnswerOfTheTokenRoutesIsTheOneTheApiDocumentPromises() throws Exception {
        ApiContract contract = ApiContract.load();
        String token = calls.mint(KEY, Map.of("maxBytes", photo.length, "kind", "image"));
        HttpRequest mint = HttpRequest.newBuilder(java.net.URI.create(server.baseUrl() + "/uploads/tokens"))
                .header("x-api-key", KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"preset\":\"web\",\"expiresInSec\":600}")).build();
        HttpRequest badMint = HttpRequest.newBuilder(mint.uri()).header("x-api-key", KEY)
                .POST(HttpRequest.BodyPublishers.ofString("{\"kind\":\"audio\"}")).build();
        HttpRequest create = HttpRequest.newBuilder(java.net.URI.create(server.baseUrl() + "/uploads"))
                .header("Tus-Resumable", "1.0.0").header("Authorization", "Bearer " + token)
                .header("Upload-Length", Integer.toString(photo.length))
                .header("Upload-Metadata", TokenCalls.metadata(Map.of("filename", "p.jpg")))
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        HttpRequest forged = HttpRequest.newBuilder(create.uri()).header("Tus-Resumable", "1.0.0")
                .header("Authorization", "Bearer " + forged(token))
                .header("Upload-Length", "10").POST(HttpRequest.BodyPublishers.noBody()).build();
        HttpRequest jobOfOther = HttpRequest.newBuilder(java.net.URI.create(server.baseUrl() + "/media/jobs/"
                + server.client().submitJob("o.jpg", photo, "web").jobId() + "?token=" + token)).build();
        for (HttpRequest request : List.of(mint, badMint, create, create, forged, jobOfOther)) {
            HttpResponse<byte[]> answer = Raw.HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
            assertThat(contract.problems(request.method(), request.uri(), answer))
                    .as("%s %s answered %d", request.method(), request.uri().getPath(), answer.statusCode()).isEmpty();
        }
        assertThat(contract.answered()).contains("POST /api/uploads/tokens 201", "POST /api/uploads/tokens 400",
                "POST /api/uploads 201", "POST /api/uploads 403", "POST /api/uploads 401", "GET /api/media/jobs/{id} 403");
    }

    @Test
    void withKeysOffMintingIsNotSupportedAndATokenIsIgnored() throws Exception {
        try (TestService open = TestService.start()) {
            TokenCalls openCalls = new TokenCalls(open.baseUrl());
            assertRefused(openCalls.mintAnswer(null, Map.of()), 501, "not-supported");
            String token = calls.mint(KEY, Map.of("preset", "mobile"));
            HttpResponse<String> submitted = openCalls.submit(token, "p.jpg", photo, Map.of());
            assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
            String jobId = TokenCalls.JSON.readTree(submitted.body()).path("jobId").asText();
            assertThat(open.client().getJob(jobId).jobId()).isEqualTo(jobId);
            HttpResponse<String> read = TokenCalls.send(HttpRequest.newBuilder(
                    java.net.URI.create(open.baseUrl() + "/media/jobs/" + jobId)).header("Authorization", "Bearer x.y").build());
            assertThat(read.statusCode()).isEqualTo(200);
        }
    }

    /**
     * {@code token} with the first character of its signature changed: that character carries six
     * whole bits, where the last one's low bits may be padding a decoder ignores.
     */
    private static String forged(String token) {
        int at = token.lastIndexOf('.') + 1;
        char changed = token.charAt(at) == 'A' ? 'B' : 'A';
        return token.substring(0, at) + changed + token.substring(at + 1);
    }
}
