package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.S3TestServer;
import io.mediaopt.media.Av1Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The HLS ladder kept in a private bucket, played by ffprobe from the master URL the job's
 * result gives: the playlists come from the service, every file they name from the bucket by a
 * signed URL.
 */
@Integration
class S3HlsRenditionsApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1",
            "SERVICE_VIDEO_LADDER_AV1", "false")).withS3();
    private static final String KEY = "player-key";
    @RegisterExtension
    static final RunningServer keyed = RunningServer.with(Map.of("SERVICE_WORKERS", "1", "SERVICE_API_KEYS", KEY,
            "SERVICE_VIDEO_LADDER_AV1", "false"))
            .withS3();
    private static final Pattern VARIANT = Pattern.compile("#EXT-X-STREAM-INF:.*\\n(\\S+)");
    private static final Pattern NAMED = Pattern.compile("URI=\"([^\"]+)\"|^([^#\\s]\\S*)$", Pattern.MULTILINE);

    @Test
    void theResultsMasterUrlPlaysEveryVariantFromThePrivateBucketBySignedUrlsOnly() throws Exception {
        Path clip = Fixtures.video("ladder.mp4", "960x540", 25, 5, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
        JsonNode job = RenditionsApiTest.submitAndWait(server, "ladder.mp4", clip, "web", "hls", null);
        String id = job.path("jobId").asText();
        String bucket = server.s3().endpoint() + "/" + S3TestServer.BUCKET + "/outputs/" + id + "/";
        String routes = server.baseUrl() + "/media/jobs/" + id + "/renditions/";
        String masterUrl = null;
        for (JsonNode r : job.path("result").path("renditions")) {
            String role = r.path("role").asText();
            String url = r.path("url").asText();
            if (role.equals("hls-master") || role.equals("hls-playlist")) {
                assertThat(url).isEqualTo(routes + r.path("name").asText());
            } else {
                assertThat(url).startsWith(bucket).contains("X-Amz-Signature=");
                String unsigned = url.substring(0, url.indexOf('?'));
                assertThat(Raw.send(HttpRequest.newBuilder(URI.create(unsigned)).build()).statusCode())
                        .as("the bucket is private").isEqualTo(403);
            }
            if (role.equals("hls-master")) {
                masterUrl = url;
                assertThat(r.path("av1Omitted").asText()).isEqualTo(Av1Settings.LADDER_OFF);
            }
        }
        assertThat(masterUrl).isNotNull();

        HttpResponse<String> master = Raw.send(HttpRequest.newBuilder(URI.create(masterUrl)).build());
        assertThat(master.statusCode()).isEqualTo(200);
        assertThat(master.headers().firstValue("Content-Type").orElseThrow())
                .startsWith("application/vnd.apple.mpegurl");
        Matcher variants = VARIANT.matcher(master.body());
        List<String> variantUrls = new ArrayList<>();
        while (variants.find()) variantUrls.add(URI.create(masterUrl).resolve(variants.group(1)).toString());
        // the servers' ladders are H.264 alone (SERVICE_VIDEO_LADDER_AV1=false)
        assertThat(variantUrls).containsExactly(routes + "360p.m3u8", routes + "540p.m3u8");

        for (String variantUrl : variantUrls) {
            String variant = Raw.send(HttpRequest.newBuilder(URI.create(variantUrl)).build()).body();
            Matcher named = NAMED.matcher(variant);
            int files = 0;
            while (named.find()) {
                files++;
                String url = named.group(1) != null ? named.group(1) : named.group(2);
                assertThat(url).startsWith(bucket).contains("X-Amz-Signature=", "X-Amz-Expires=3600");
                HttpResponse<byte[]> file = Raw.HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                assertThat(file.statusCode()).isEqualTo(200);
            }
            assertThat(files).as("init and segments of " + variantUrl).isGreaterThanOrEqualTo(3);
            assertThat(Double.parseDouble(duration(variantUrl))).isCloseTo(5.0, within(0.25));
        }
        assertThat(Double.parseDouble(duration(masterUrl))).isCloseTo(5.0, within(0.25));
    }

    @Test
    void withApiKeysAPlayerSendingTheKeyPlaysAndOneSendingNoHeadersIsRefused() throws Exception {
        Path clip = Fixtures.video("keyed.mp4", "640x360", 25, 5, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
        JsonNode job = RenditionsApiTest.submitAndWait(keyed, KEY, "keyed.mp4", clip, "web", "hls", null);
        String masterUrl = job.path("result").path("renditions").get(0).path("url").asText();
        assertThat(masterUrl).endsWith("/renditions/master.m3u8");

        assertThat(Raw.send(HttpRequest.newBuilder(URI.create(masterUrl)).build()).statusCode()).isEqualTo(401);
        assertThat(Double.parseDouble(duration(masterUrl, "-headers", "x-api-key: " + KEY + "\r\n")))
                .isCloseTo(5.0, within(0.25));
    }

    /** ffprobe as a player: the playlist by URL, everything it names over HTTP. */
    static String duration(String url, String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of("ffprobe", "-v", "error", "-protocol_whitelist",
                "file,http,https,tcp,tls,crypto"));
        command.addAll(List.of(options));
        command.addAll(List.of("-show_entries", "format=duration", "-of", "csv=p=0", url));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).as("ffprobe reported no error").doesNotContain("403", "rror");
        return out.lines().findFirst().orElseThrow();
    }
}
