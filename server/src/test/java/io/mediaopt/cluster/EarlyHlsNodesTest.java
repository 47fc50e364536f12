package io.mediaopt.cluster;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.ServerProcess;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node killed while its job's HLS ladder is playable and growing: the files it stored early are
 * left in the bucket, and neither served stale nor kept. The node that takes the job over deletes
 * them and withdraws the job's playable state before it encodes its own ladder; a job that may not
 * be taken again (its last attempt) fails, and the sweep deletes them.
 */
@ProcessLevel
class EarlyHlsNodesTest {
    /**
     * Long enough that a node on a busy machine keeps its lease while it lives; the takeover waits for it.
     * The early H.264 ladder is what is checked: the AV1 rungs after it are left out.
     */
    private static final Map<String, String> LEASE = Map.of("SERVICE_JOB_LEASE_MS", "10000",
            "SERVICE_VIDEO_LADDER_AV1", "false");
    private static final Pattern LISTED = Pattern.compile("(?m)^([^#\\s]\\S*)$");

    @TempDir
    static Path dir;
    static Cluster cluster;
    HttpClient http;

    @BeforeAll
    static void startSharedServices() throws Exception {
        cluster = Cluster.start(dir);
    }

    @AfterAll
    static void stopSharedServices() {
        cluster.close();
    }

    @BeforeEach
    void startClient() {
        http = HttpClient.newHttpClient();
    }

    @AfterEach
    void stopNodes() {
        http.close();
        cluster.stopNodes();
    }

    @Test
    void theNodeThatTakesOverDeletesTheKilledNodesEarlyLadderAndPlaysItsOwn() throws Exception {
        ServerProcess victim = cluster.node("node-0", LEASE).awaitHealthy();
        String id = submitAndKillWhilePlayable(victim);
        ServerProcess survivor = cluster.node("node-1", LEASE).awaitHealthy();
        try (MediaoptClient client = survivor.client()) {
            Job done = client.waitForJob(id, Duration.ofMinutes(6));
            assertThat(done.status()).as(String.valueOf(done.error())).isEqualTo(JobStatus.DONE);
            int attempts = attempts(id);
            assertThat(attempts).as("taken over after the kill").isGreaterThanOrEqualTo(2);
            // playable again from the attempt that ended done, after the killed one was withdrawn
            assertThat(done.playableAt()).isGreaterThan(earlyPlayableAt);
            String prefix = renditionPrefix(id);
            assertThat(prefix).startsWith("outputs/" + id + "/" + attempts + "-");
            // nothing of the killed attempt is left, and the ladder the job names is whole
            String attempt = prefix.substring(0, prefix.length() - 1);
            assertThat(cluster.s3().keys("outputs/" + id + "/")).isNotEmpty().allMatch(key -> key.startsWith(attempt));
            assertThat(notedEarlyFiles(id)).as("early files noted").isZero();
            String routes = survivor.baseUrl() + "/media/jobs/" + id + "/renditions/";
            for (String playlist : listed(get(routes + "master.m3u8"))) {
                String text = get(routes + playlist);
                assertThat(text).contains("#EXT-X-ENDLIST");
                // a done job's segments are named by pre-signed bucket URLs
                for (String segment : listed(text)) {
                    assertThat(status(segment.startsWith("http") ? segment : routes + segment)).as(segment)
                            .isEqualTo(200);
                }
            }
        }
    }

    @Test
    void anEarlyLadderLeftByTheLastAttemptIsDeletedOnceTheJobFails() throws Exception {
        Map<String, String> lastAttempt = Map.of("SERVICE_JOB_MAX_ATTEMPTS", "1", "SERVICE_JOB_LEASE_MS", "10000",
                "SERVICE_VIDEO_LADDER_AV1", "false");
        ServerProcess victim = cluster.node("node-0", lastAttempt).awaitHealthy();
        String id = submitAndKillWhilePlayable(victim);
        ServerProcess survivor = cluster.node("node-1", lastAttempt).awaitHealthy();
        try (MediaoptClient client = survivor.client()) {
            Job failed = client.waitForJob(id, Duration.ofMinutes(2));
            assertThat(failed.status()).isEqualTo(JobStatus.FAILED);
            assertThat(failed.error().code()).isEqualTo("interrupted");
            assertThat(failed.playableAt()).isNull();
            assertThat(status(survivor.baseUrl() + "/media/jobs/" + id + "/renditions/master.m3u8")).isEqualTo(409);
        }
        Eventually.until(Duration.ofSeconds(60), "the sweep deleted the early ladder",
                () -> cluster.s3().keys("outputs/" + id + "/").isEmpty());
        Eventually.until(Duration.ofSeconds(10), "the early files forgotten", () -> notedEarlyFiles(id) == 0);
    }

    private long earlyPlayableAt;

    /**
     * Submits a 16-second clip with {@code renditions=hls} to {@code victim}, waits until its
     * ladder is playable and stored in part, and kills the node; answers the job's id.
     */
    private String submitAndKillWhilePlayable(ServerProcess victim) throws Exception {
        // long enough that the ladder is still growing when its node is killed: playable from its
        // first 4-second segment, three more to go (the node taking over encodes them all again,
        // and the killed node's encoders run on to the end, so no longer than that); under 30 s,
        // so the encode after it searches no CRF, which the node taking over would only do again
        Path clip = Fixtures.video("early-nodes.mp4", "960x540", 25, 16, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "30", "-pix_fmt", "yuv420p", "-c:a", "aac");
        HttpResponse<String> submitted = http.send(HttpRequest.newBuilder(URI.create(victim.baseUrl() + "/media/jobs"))
                .header("Content-Type", RawMultipart.CONTENT_TYPE)
                .POST(HttpRequest.BodyPublishers.ofByteArray(RawMultipart.body(List.of(
                        Part.file("media", "early.mp4", Files.readAllBytes(clip)), Part.text("renditions", "hls")))))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
        String id = submitted.body().replaceAll("(?s).*\"jobId\"\\s*:\\s*\"([^\"]+)\".*", "$1");
        try (MediaoptClient client = victim.client()) {
            Job playable = Eventually.await(Duration.ofMinutes(3), () -> client.getJob(id),
                    job -> job.playableAt() != null || job.status() != JobStatus.PROCESSING && job.status() != JobStatus.PENDING);
            assertThat(playable.status()).isEqualTo(JobStatus.PROCESSING);
            earlyPlayableAt = playable.playableAt();
        }
        Cluster.kill(victim);
        assertThat(cluster.s3().keys("outputs/" + id + "/1-")).as("the killed attempt's early ladder")
                .anyMatch(key -> key.endsWith(".m4s")).anyMatch(key -> key.endsWith("master.m3u8"));
        assertThat(notedEarlyFiles(id)).isPositive();
        return id;
    }

    private String renditionPrefix(String id) throws Exception {
        String outputKey = one("SELECT output_key FROM jobs WHERE id = ?", id);
        return outputKey.substring(0, outputKey.lastIndexOf('.')) + "/";
    }

    private int attempts(String id) throws Exception {
        return Integer.parseInt(one("SELECT attempts FROM jobs WHERE id = ?", id));
    }

    private int notedEarlyFiles(String id) throws Exception {
        return Integer.parseInt(one("SELECT COUNT(*) FROM early_files WHERE job_id = ?", id));
    }

    private String one(String sql, String id) throws Exception {
        try (Connection c = DriverManager.getConnection(cluster.databaseUrl());
             PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return rs.getString(1);
            }
        }
    }

    /** The names a playlist lists: its variants, or its segments and init segment. */
    private static List<String> listed(String playlist) {
        List<String> names = new ArrayList<>();
        Matcher m = LISTED.matcher(playlist);
        while (m.find()) names.add(m.group(1));
        Matcher map = Pattern.compile("#EXT-X-MAP:URI=\"([^\"]+)\"").matcher(playlist);
        while (map.find()) names.add(map.group(1));
        return names;
    }

    private String get(String url) throws Exception {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(url + ": " + answer.body()).isEqualTo(200);
        return answer.body();
    }

    private int status(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
