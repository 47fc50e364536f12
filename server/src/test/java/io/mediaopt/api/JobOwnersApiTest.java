package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With keys set, a job and everything made from it belong to the key that submitted it: any other
 * key gets the very answer a missing job gets (docs/api.md, Authentication).
 */
@Integration
class JobOwnersApiTest {
    private static final String ALICE = "alice-7c1e0f93b2";
    private static final String BOB = "bob-4d8a6e21c5";
    private static final String PLAIN = "plain-9f3b7d0a64";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1",
            "SERVICE_API_KEYS", "alice:" + ALICE + ", bob:" + BOB + "," + PLAIN));
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aJobItsDownloadRenditionsAndPictureAreTheSubmittingKeysAlone() throws Exception {
        JsonNode job = RenditionsApiTest.submitAndWait(server, ALICE, "photo.jpg", Fixtures.photoJpeg(800, 600), "web",
                "responsive", null);
        String id = job.path("jobId").asText();
        String rendition = job.path("result").path("renditions").get(0).path("name").asText();
        List<String> paths = List.of("/media/jobs/" + id, "/media/jobs/" + id + "/download",
                "/media/jobs/" + id + "/renditions/" + rendition, "/media/jobs/" + id + "/picture?w=320");

        for (String path : paths) {
            assertThat(send("GET", path, ALICE).statusCode()).as(path).isEqualTo(200);
            assertThat(send("HEAD", path, ALICE).statusCode()).as(path).isEqualTo(200);
            assertLikeAMissingJob(path, id, BOB);
            assertLikeAMissingJob(path, id, PLAIN);
            assertThat(send("HEAD", path, BOB).statusCode()).as(path).isEqualTo(404);
        }
    }

    @Test
    void aSynchronousJobIsTheSubmittingKeysAlone() throws Exception {
        HttpResponse<String> made = Raw.send(RawMultipart.post(server.baseUrl(), "/media/optimize",
                        List.of(Part.file("media", "p.png", Files.readAllBytes(Fixtures.png()))))
                .header("Accept", "application/json").header("Authorization", "Bearer " + BOB).build());
        assertThat(made.statusCode()).as(made.body()).isEqualTo(200);
        String id = JSON.readTree(made.body()).path("jobId").asText();

        assertThat(send("GET", "/media/jobs/" + id + "/download", BOB).statusCode()).isEqualTo(200);
        assertLikeAMissingJob("/media/jobs/" + id, id, ALICE);
        assertLikeAMissingJob("/media/jobs/" + id + "/download", id, ALICE);
    }

    @Test
    void hlsPlaylistsAndSegmentsAreTheSubmittingKeysAlone() throws Exception {
        Path clip = Fixtures.video("owned.mp4", "640x360", 25, 2, false,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p");
        JsonNode job = RenditionsApiTest.submitAndWait(server, ALICE, "owned.mp4", clip, "web", "hls", null);
        String id = job.path("jobId").asText();
        String prefix = "/media/jobs/" + id + "/renditions/";

        HttpResponse<String> playlist = send("GET", prefix + "360p.m3u8", ALICE);
        assertThat(playlist.statusCode()).isEqualTo(200);
        Matcher segment = Pattern.compile("(?m)^([^#\\s]\\S*)$").matcher(playlist.body());
        assertThat(segment.find()).as(playlist.body()).isTrue();
        URI segmentUrl = URI.create(server.baseUrl() + prefix + "360p.m3u8").resolve(segment.group(1));
        String segmentPath = segmentUrl.getRawPath().substring("/api".length());
        assertThat(send("GET", segmentPath, ALICE).statusCode()).isEqualTo(200);

        for (String path : List.of(prefix + "master.m3u8", prefix + "360p.m3u8", segmentPath)) {
            assertLikeAMissingJob(path, id, BOB);
        }
    }

    @Test
    void usageGivesTheCallersOwnCountsBesideTheTotals() throws Exception {
        JsonNode before = usage(BOB);
        JsonNode aliceBefore = usage(ALICE);
        RenditionsApiTest.submitAndWait(server, BOB, "b.png", Fixtures.png(), "web", null, null);
        JsonNode after = usage(BOB);

        assertThat(after.path("key").path("name").asText()).isEqualTo("bob");
        assertThat(after.path("key").path("jobs").asLong()).isEqualTo(before.path("key").path("jobs").asLong() + 1);
        assertThat(after.path("totalJobs").asLong()).isEqualTo(before.path("totalJobs").asLong() + 1);
        assertThat(after.path("key").path("inputBytes").asLong()).isEqualTo(
                before.path("key").path("inputBytes").asLong() + Files.size(Fixtures.png()));
        for (String field : List.of("totalJobs", "totalInputBytes", "totalOutputBytes", "totalSavedBytes")) {
            assertThat(after.has(field)).as(field).isTrue();
        }
        assertThat(usage(ALICE).path("key")).isEqualTo(aliceBefore.path("key"));
        assertThat(after.path("totalJobs").asLong()).isGreaterThanOrEqualTo(
                after.path("key").path("jobs").asLong() + usage(ALICE).path("key").path("jobs").asLong());
    }

    @Test
    void aPlainKeyHasAStableNameThatIsNotTheKeyAndNoKeyIsStored() throws Exception {
        RenditionsApiTest.submitAndWait(server, PLAIN, "c.png", Fixtures.png(), "web", null, null);
        String name = usage(PLAIN).path("key").path("name").asText();
        assertThat(name).matches("key-[0-9a-f]{12}").doesNotContain(PLAIN);

        List<Path> files;
        try (Stream<Path> walk = Files.walk(server.outputDir())) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files).anySatisfy(f -> assertThat(f.getFileName().toString()).startsWith("jobs.db"));
        for (Path file : files) {
            String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            for (String key : List.of(ALICE, BOB, PLAIN)) assertThat(bytes).as(file.toString()).doesNotContain(key);
        }
    }

    /** Same status, same JSON as a job id that never existed, but for the id the message names. */
    private static void assertLikeAMissingJob(String path, String id, String key) throws Exception {
        HttpResponse<String> other = send("GET", path, key);
        HttpResponse<String> missing = send("GET", path.replace(id, "no-such-job"), key);
        assertThat(other.statusCode()).as(path).isEqualTo(404);
        assertThat(other.body().replace(id, "no-such-job")).as(path).isEqualTo(missing.body());
        assertThat(JSON.readTree(other.body()).path("code").asText()).isEqualTo("not-found");
    }

    private static JsonNode usage(String key) throws Exception {
        return JSON.readTree(send("GET", "/usage", key).body());
    }

    private static HttpResponse<String> send(String method, String path, String key) throws Exception {
        return Raw.send(Raw.request(server.baseUrl(), path).header("x-api-key", key)
                .method(method, HttpRequest.BodyPublishers.noBody()).build());
    }
}
