package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.OptimizeOptions;
import io.mediaopt.client.UploadProgress;
import io.mediaopt.client.Visibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.mediaopt.api.KeptJobs.assertRefused;
import static io.mediaopt.api.KeptJobs.fetch;
import static io.mediaopt.api.KeptJobs.fields;
import static io.mediaopt.api.KeptJobs.named;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Kept jobs on S3 with API keys on: stable links on SERVICE_PUBLIC_MEDIA_URL, signed when private
 * and answering without a key, cached for good with validators and ranges, and DELETE, which leaves
 * nothing of the job in the bucket or the database.
 */
@Integration
class KeptMediaApiTest {
    private static final String ALICE = "alice-key-0123456789";
    private static final String BOB = "bob-key-0123456789";
    static final String CDN = "https://cdn.example.test";
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1",
            "SERVICE_API_KEYS", "alice:" + ALICE + ",bob:" + BOB, "SERVICE_KEEP_KEYS", "bob",
            "SERVICE_PUBLIC_MEDIA_URL", CDN)).withS3();

    @Test
    void aPrivateKeptJobsLinksAreSignedStableUrlsOnTheMediaHostThatAnswerWithoutAKey() throws Exception {
        String id = KeptJobs.submit(api(), ALICE, Fixtures.photoJpeg(1600, 1200),
                fields("keep", "true", "renditions", "responsive", "linkTtlSec", "3600"));
        JsonNode job = KeptJobs.awaitDone(api(), ALICE, id);

        assertThat(job.path("keep").path("visibility").asText()).isEqualTo("private");
        assertThat(job.path("keep").path("linkTtlSec").asLong()).isEqualTo(3600);
        assertThat(job.path("keep").has("keepUntil")).isFalse();
        List<String> urls = new ArrayList<>(List.of(job.path("downloadUrl").asText()));
        job.path("result").path("renditions").forEach(r -> urls.add(r.path("url").asText()));
        assertThat(urls).hasSizeGreaterThan(2).allSatisfy(url -> assertThat(url)
                .startsWith(CDN + "/media/" + id + "/").contains("?exp=", "&sig="));
        assertThat(job.path("downloadUrl").asText()).startsWith(CDN + "/media/" + id + "/output/photo-1600x1200.");
        assertThat(job.path("result").path("picture").asText()).contains(CDN + "/media/" + id + "/")
                .doesNotContain("X-Amz", "/api/");

        for (String url : urls) {
            HttpResponse<byte[]> file = fetch(local(url));
            assertThat(file.statusCode()).as(url).isEqualTo(200);
            String cache = file.headers().firstValue("Cache-Control").orElseThrow();
            assertThat(cache).startsWith("private, max-age=").endsWith(", immutable");
            long maxAge = Long.parseLong(cache.replaceAll("\\D", ""));
            assertThat(maxAge).isBetween(1L, 3600L);
            assertThat(file.headers().firstValue("ETag").orElseThrow()).startsWith("\"");
        }

        String download = local(job.path("downloadUrl").asText());
        String unsigned = download.substring(0, download.indexOf('?'));
        String name = "output/" + URI.create(unsigned).getPath().substring(("/media/" + id + "/output/").length());
        String exp = download.replaceAll(".*exp=(\\d+).*", "$1");
        String sig = download.replaceAll(".*sig=", "");
        long past = Instant.now().getEpochSecond() - 10;
        long future = Instant.now().getEpochSecond() + 600;
        assertRefused(unsigned);
        assertRefused(unsigned + "?exp=" + exp);
        assertRefused(unsigned + "?exp=" + (Long.parseLong(exp) + 1) + "&sig=" + sig);
        assertRefused(unsigned + "?exp=" + exp + "&sig=" + (sig.charAt(0) == 'A' ? 'B' : 'A') + sig.substring(1));
        assertRefused(unsigned + "?exp=" + past + "&sig=" + KeptJobs.signature(ALICE, id, name, past));
        assertRefused(unsigned + "?exp=" + future + "&sig=" + KeptJobs.signature(BOB, id, name, future));
        // a job that does not exist answers exactly as a refused link does
        HttpResponse<byte[]> none = fetch(origin() + "/media/00000000-0000-0000-0000-000000000000/" + name);
        assertThat(none.statusCode()).isEqualTo(404);
        assertThat(none.body()).isEqualTo(fetch(unsigned).body());
        // the same scheme with the owner's key and a time to come is a link that works
        assertThat(fetch(unsigned + "?exp=" + future + "&sig=" + KeptJobs.signature(ALICE, id, name, future))
                .statusCode()).isEqualTo(200);

        // the negotiated picture, signed for the name "picture", whatever the width asked
        String picture = origin() + "/media/" + id + "/picture?w=300&exp=" + future + "&sig="
                + KeptJobs.signature(ALICE, id, "picture", future);
        HttpResponse<byte[]> avif = fetch(picture, "Accept", "image/avif,image/webp,*/*");
        assertThat(avif.statusCode()).isEqualTo(200);
        assertThat(avif.headers().firstValue("Content-Type")).hasValue("image/avif");
        assertThat(avif.headers().firstValue("Vary")).hasValue("Accept");
        assertThat(avif.headers().firstValue("Cache-Control").orElseThrow()).startsWith("private, max-age=");
        HttpResponse<byte[]> jpeg = fetch(picture, "Accept", "image/jpeg");
        assertThat(jpeg.headers().firstValue("Content-Type")).hasValue("image/jpeg");
        assertThat(jpeg.headers().firstValue("ETag")).isNotEqualTo(avif.headers().firstValue("ETag"));
        assertRefused(picture.replace("sig=", "sig=A"));
    }

    @Test
    void aPublicKeptJobIsServedForAYearWithAStrongEtagLastModifiedNotModifiedAndRanges() throws Exception {
        String id = KeptJobs.submit(api(), ALICE, Fixtures.png(), fields("keep", "true", "visibility", "public"));
        JsonNode job = KeptJobs.awaitDone(api(), ALICE, id);
        String url = local(job.path("downloadUrl").asText());
        assertThat(url).doesNotContain("?");

        HttpResponse<byte[]> first = fetch(url);
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("Cache-Control")).hasValue("public, max-age=31536000, immutable");
        assertThat(first.headers().firstValue("Content-Length"))
                .hasValue(Long.toString(job.path("result").path("outputBytes").asLong()));
        assertThat(first.headers().firstValue("Content-Type")).hasValue("image/webp");
        String etag = first.headers().firstValue("ETag").orElseThrow();
        assertThat(etag).startsWith("\"").endsWith("\"");
        String lastModified = first.headers().firstValue("Last-Modified").orElseThrow();
        assertThat(fetch(url).headers().firstValue("ETag")).hasValue(etag);

        HttpResponse<byte[]> notModified = fetch(url, "If-None-Match", etag);
        assertThat(notModified.statusCode()).isEqualTo(304);
        assertThat(notModified.body()).isEmpty();
        assertThat(notModified.headers().firstValue("ETag")).hasValue(etag);
        assertThat(fetch(url, "If-None-Match", "\"other\"").statusCode()).isEqualTo(200);
        assertThat(fetch(url, "If-Modified-Since", lastModified).statusCode()).isEqualTo(304);
        assertThat(fetch(url, "If-Modified-Since", "Thu, 01 Jan 1998 00:00:00 GMT").statusCode()).isEqualTo(200);

        HttpResponse<byte[]> range = fetch(url, "Range", "bytes=8-11");
        assertThat(range.statusCode()).isEqualTo(206);
        assertThat(new String(range.body(), StandardCharsets.US_ASCII)).isEqualTo("WEBP");
        assertThat(range.headers().firstValue("Content-Range")).hasValue("bytes 8-11/" + first.body().length);

        HttpResponse<String> status = KeptJobs.get(api(), ALICE, id);
        assertThat(status.headers().firstValue("Cache-Control")).hasValue("no-store");
    }

    @Test
    void anUnkeptJobKeepsItsOneHourLinksAndHasNoStableUrl() throws Exception {
        String id = KeptJobs.submit(api(), ALICE, Fixtures.png(), fields());
        JsonNode job = KeptJobs.awaitDone(api(), ALICE, id);
        assertThat(job.has("keep")).isFalse();
        assertThat(job.path("downloadUrl").asText()).contains("X-Amz-Expires=3600");
        String filename = job.path("result").path("filename").asText();
        HttpResponse<byte[]> stable = fetch(origin() + "/media/" + id + "/output/" + filename);
        assertThat(stable.statusCode()).isEqualTo(404);
        assertThat(stable.headers().firstValue("Cache-Control")).hasValue("no-store");
    }

    @Test
    void aKeyOfServiceKeepKeysKeepsItsJobsUnlessASubmissionSaysKeepFalse() throws Exception {
        String kept = KeptJobs.submit(api(), BOB, Fixtures.png(), fields("keepHours", "48"));
        String notKept = KeptJobs.submit(api(), BOB, Fixtures.png(), fields("keep", "false"));
        JsonNode job = KeptJobs.awaitDone(api(), BOB, kept);
        assertThat(job.path("keep").path("visibility").asText()).isEqualTo("private");
        assertThat(job.path("keep").path("keepUntil").asLong())
                .isEqualTo(job.path("completedAt").asLong() + 48 * 3_600_000L);
        assertThat(job.path("downloadUrl").asText()).startsWith(CDN + "/media/" + kept + "/");
        assertThat(KeptJobs.awaitDone(api(), BOB, notKept).has("keep")).isFalse();

        HttpResponse<String> contradictory = Raw.send(RawMultipart.post(api(), "/media/jobs", List.of(
                Part.file("media", "a.png", Files.readAllBytes(Fixtures.png())), Part.text("keep", "false"),
                Part.text("visibility", "public"))).header("x-api-key", BOB).build());
        assertThat(contradictory.statusCode()).isEqualTo(400);
        assertThat(contradictory.body()).contains("keep is false");
    }

    @Test
    void deleteRemovesTheRowAndEveryObjectOfTheJobAndLaterReadsAre404() throws Exception {
        String id = KeptJobs.submit(api(), ALICE, Fixtures.photoJpeg(1600, 1200),
                fields("keep", "true", "visibility", "public", "renditions", "responsive"));
        JsonNode job = KeptJobs.awaitDone(api(), ALICE, id);
        String download = local(job.path("downloadUrl").asText());
        String rendition = local(job.path("result").path("renditions").get(0).path("url").asText());
        assertThat(server.s3().keys("outputs/" + id + "/")).hasSizeGreaterThan(2);

        assertThat(KeptJobs.delete(api(), BOB, id).statusCode()).as("another key's job").isEqualTo(404);
        assertThat(fetch(download).statusCode()).isEqualTo(200);

        assertThat(KeptJobs.delete(api(), ALICE, id).statusCode()).isEqualTo(204);
        assertThat(server.s3().keys("")).noneMatch(key -> key.contains(id));
        assertThat(KeptJobs.rowsOf(server.outputDir(), id)).isZero();
        assertThat(KeptJobs.get(api(), ALICE, id).statusCode()).isEqualTo(404);
        assertThat(fetch(download).statusCode()).isEqualTo(404);
        assertThat(fetch(rendition).statusCode()).isEqualTo(404);
        assertThat(KeptJobs.delete(api(), ALICE, id).statusCode()).as("deleted already").isEqualTo(404);
    }

    @Test
    void aPrivateKeptVideoPlaysFromItsSignedMasterWithoutAKeyAndJobsAreDeletedOnlyBeforeOrAfterTheirWork()
            throws Exception {
        Path clip = Fixtures.video("kept.mp4", "640x360", 25, 4, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
        String id = KeptJobs.submit(api(), ALICE, clip, fields("keep", "true", "renditions", "hls"));
        Eventually.until(Duration.ofSeconds(60), "the one worker took the video",
                () -> KeptJobs.get(api(), ALICE, id).body().contains("\"processing\""));
        // behind it, a job waits with its input in the bucket: deleting it takes both away
        String waiting = KeptJobs.submit(api(), ALICE, Fixtures.png(), fields("keep", "true"));
        assertThat(server.s3().holds("inputs/" + waiting)).isTrue();
        assertThat(KeptJobs.delete(api(), ALICE, waiting).statusCode()).isEqualTo(204);
        assertThat(server.s3().holds("inputs/" + waiting)).isFalse();
        assertThat(KeptJobs.get(api(), ALICE, waiting).statusCode()).isEqualTo(404);
        HttpResponse<String> busy = KeptJobs.delete(api(), ALICE, id);
        assertThat(busy.statusCode()).as("a job being processed").isEqualTo(409);
        assertThat(busy.body()).contains("not-ready");

        JsonNode job = KeptJobs.awaitDone(api(), ALICE, id);
        String master = local(job.path("result").path("renditions").get(0).path("url").asText());
        assertThat(master).contains("/media/" + id + "/master.m3u8?exp=", "&sig=");
        HttpResponse<byte[]> masterAnswer = fetch(master);
        assertThat(masterAnswer.statusCode()).isEqualTo(200);
        assertThat(masterAnswer.headers().firstValue("Cache-Control").orElseThrow()).startsWith("private, max-age=");
        List<String> variants = named(new String(masterAnswer.body(), StandardCharsets.UTF_8));
        assertThat(variants).isNotEmpty().allSatisfy(v -> assertThat(v).contains(".m3u8?exp=", "&sig="));
        int files = 0;
        for (String variant : variants) {
            String variantUrl = URI.create(master).resolve(variant).toString();
            HttpResponse<byte[]> playlist = fetch(variantUrl);
            assertThat(playlist.statusCode()).isEqualTo(200);
            for (String file : named(new String(playlist.body(), StandardCharsets.UTF_8))) {
                assertThat(file).contains("?exp=", "&sig=");
                String fileUrl = URI.create(variantUrl).resolve(file).toString();
                assertThat(fetch(fileUrl).statusCode()).as(fileUrl).isEqualTo(200);
                assertRefused(fileUrl.substring(0, fileUrl.indexOf('?')));
                files++;
            }
        }
        assertThat(files).as("init and segments").isGreaterThanOrEqualTo(2);
        // a player with no key and no header plays it all from the master URL
        assertThat(Double.parseDouble(S3HlsRenditionsApiTest.duration(master))).isCloseTo(4.0, within(0.25));
    }

    @Test
    void theClientKeepsAResumableUploadsJobAndDeletesIt() throws Exception {
        MediaoptClient client = server.client();
        String id = client.upload(Fixtures.png(), "web", OptimizeOptions.DEFAULT.kept(Visibility.PUBLIC),
                UploadProgress.NONE).jobId();
        Job job = client.waitForJob(id, Duration.ofMinutes(2));
        assertThat(job.keep().visibility()).isEqualTo(Visibility.PUBLIC);
        assertThat(job.downloadUrl()).isEqualTo(CDN + "/media/" + id + "/output/" + job.result().filename());
        assertThat(fetch(local(job.downloadUrl())).statusCode()).isEqualTo(200);

        client.deleteJob(id);
        assertThatThrownBy(() -> client.getJob(id)).isInstanceOfSatisfying(MediaoptApiException.class,
                e -> assertThat(e.status()).isEqualTo(404));
        assertThat(fetch(local(job.downloadUrl())).statusCode()).isEqualTo(404);
    }

    @Test
    void theKeylessMediaRoutesLeadNowhereElse() throws Exception {
        for (String path : List.of("/media/x/../../api/usage", "/media/x/%2e%2e/api/usage", "/media/..%2Fapi/usage",
                "/media/x/output/..%2F..%2F..%2Fapi%2Fusage", "/media/x/%2E%2E%2Fapi/usage")) {
            HttpResponse<byte[]> answer = fetch(origin() + path);
            assertThat(answer.statusCode()).as(path).isIn(400, 401, 404);
            assertThat(new String(answer.body(), StandardCharsets.UTF_8)).as(path).doesNotContain("totalJobs");
        }
        HttpResponse<String> post = Raw.send(java.net.http.HttpRequest.newBuilder(URI.create(origin() + "/media/x/y"))
                .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build());
        assertThat(post.statusCode()).as("only GET and HEAD go without a key").isEqualTo(401);
    }

    /** The URIs a playlist names: its lines that are not tags, and URI="..." attributes. */
    private static String api() {
        return server.baseUrl();
    }

    private static String origin() {
        return server.baseUrl().substring(0, server.baseUrl().length() - "/api".length());
    }

    /** The media host's URL as the service itself answers it, the CDN being a name only here. */
    private static String local(String url) {
        assertThat(url).startsWith(CDN + "/");
        return origin() + url.substring(CDN.length());
    }
}
