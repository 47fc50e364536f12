package io.mediaopt.api;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.S3TestServer;
import io.mediaopt.TestService;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Object storage that goes away while a job's HLS ladder is playable and growing: the ladder goes
 * on encoding, its files are stored once storage is back, and the same attempt ends done, so the
 * segments a player fetched before the outage are those of the done job, at the same URLs.
 */
@Integration
class EarlyHlsOutageApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SEGMENT = Pattern.compile("#EXTINF:[0-9.]+,\\n(\\S+)");

    @Test
    void anOutageWhileTheLadderGrowsNeitherFailsNorRestartsTheJob() throws Exception {
        Logger ladderLog = (Logger) LoggerFactory.getLogger("io.mediaopt.renditions.LiveLadder");
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        Level before = ladderLog.getLevel();
        ladderLog.setLevel(Level.INFO);
        ladderLog.addAppender(logged);
        Map<String, String> env = new HashMap<>();
        try (S3TestServer s3 = S3TestServer.start()) {
            env.putAll(s3.env());
            env.put("SERVICE_WORKERS", "1");
            // the ladder's outage is what is checked: the 30-second clip's own encode skips the CRF search
            env.put("SERVICE_VIDEO_QUALITY", "fixed");
            // the H.264 ladder's outage is what is checked: AV1 rungs would only add encode and judging
            env.put("SERVICE_VIDEO_LADDER_AV1", "false");
            try (TestService service = TestService.start(env); MediaoptClient client = service.client()) {
                // long enough that the ladder is still growing when storage goes: seven segments after the first
                Path clip = Fixtures.video("early-outage.mp4", "960x540", 25, 30, true,
                        "-c:v", "libx264", "-preset", "ultrafast", "-crf", "30", "-pix_fmt", "yuv420p", "-c:a", "aac");
                HttpResponse<String> submitted = Raw.send(RawMultipart.post(service.baseUrl(), "/media/jobs", List.of(
                        Part.file("media", "early.mp4", Files.readAllBytes(clip)),
                        Part.text("renditions", "hls"))).build());
                assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
                String id = JSON.readTree(submitted.body()).path("jobId").asText();
                Job playable = Eventually.await(Duration.ofMinutes(3), () -> client.getJob(id),
                        job -> job.playableAt() != null || job.status() == JobStatus.DONE
                                || job.status() == JobStatus.FAILED);
                assertThat(playable.status()).isEqualTo(JobStatus.PROCESSING);
                String routes = service.baseUrl() + "/media/jobs/" + id + "/renditions/";
                Map<String, byte[]> early = segments(routes, get(routes + "360p.m3u8"));

                s3.stop();
                try {
                    Eventually.until(Duration.ofMinutes(2), "the ladder met the outage",
                            () -> said(logged, "storage is out of reach"));
                    assertThat(client.getJob(id).status()).isEqualTo(JobStatus.PROCESSING);
                } finally {
                    s3.restart();
                }
                Eventually.until(Duration.ofMinutes(2), "the ladder stored what it made meanwhile",
                        () -> said(logged, "storage is back"));

                Job done = client.waitForJob(id, Duration.ofMinutes(6));
                assertThat(done.status()).as(String.valueOf(done.error())).isEqualTo(JobStatus.DONE);
                // the attempt that was playable before the outage is the one that ended done
                assertThat(done.playableAt()).isEqualTo(playable.playableAt());
                assertThat(s3.keys("outputs/" + id + "/")).isNotEmpty()
                        .allMatch(key -> key.startsWith("outputs/" + id + "/1-"));
                String vod = get(routes + "360p.m3u8");
                assertThat(vod).contains("#EXT-X-ENDLIST");
                Map<String, byte[]> all = segments(routes, vod);
                assertThat(all).hasSizeGreaterThan(early.size());
                for (Map.Entry<String, byte[]> segment : early.entrySet()) {
                    assertThat(all.get(segment.getKey())).as(segment.getKey()).isEqualTo(segment.getValue());
                }
            }
        } finally {
            ladderLog.detachAppender(logged);
            ladderLog.setLevel(before);
        }
    }

    private static boolean said(ListAppender<ILoggingEvent> logged, String words) {
        return new ArrayList<>(logged.list).stream().anyMatch(e -> e.getFormattedMessage().contains(words));
    }

    /**
     * The bytes of each segment the playlist lists, by name: a bare name is fetched from the
     * job's route, a URL (pre-signed, once the job is done) from the bucket.
     */
    private static Map<String, byte[]> segments(String routes, String playlist) throws Exception {
        Map<String, byte[]> segments = new LinkedHashMap<>();
        Matcher listed = SEGMENT.matcher(playlist);
        while (listed.find()) {
            String line = listed.group(1);
            URI uri = URI.create(line.startsWith("http") ? line : routes + line);
            HttpResponse<byte[]> answer = Raw.HTTP.send(HttpRequest.newBuilder(uri).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(answer.statusCode()).as(line).isEqualTo(200);
            segments.put(uri.getPath().substring(uri.getPath().lastIndexOf('/') + 1), answer.body());
        }
        return segments;
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> answer = Raw.send(HttpRequest.newBuilder(URI.create(url)).build());
        assertThat(answer.statusCode()).as(url + ": " + answer.body()).isEqualTo(200);
        return answer.body();
    }
}
